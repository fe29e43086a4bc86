/**
 * The develop module's public surface: 发展中心 (/develop, issue 35), a read model over the target tasks, the QCPs
 * they serve and those QCPs' diagnosis, each read through its module's public surface.
 */
export { developPlugin } from './develop.plugin';
