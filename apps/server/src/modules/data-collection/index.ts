/** The data-collection module's public surface: forms, constants, collection and fill tasks (`/api/herm-sjcj`). */
export { dataCollectionPlugin } from './data-collection.plugin';
