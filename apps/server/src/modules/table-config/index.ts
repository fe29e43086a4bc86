/** The table-config module's public surface: the data-collection table configurations (`/api/herm-sjcj`). */
export { tableConfigPlugin } from './table-config.plugin';
