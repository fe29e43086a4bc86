/** The system module's public surface: health and the version (`/api`). */
export { systemPlugin } from './system.plugin';
