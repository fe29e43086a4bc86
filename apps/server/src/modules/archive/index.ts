/** The archive module's public surface: the file archives of year targets and tasks (a read model over their files). */
export { archivePlugin } from './archive.plugin';
