/**
 * 画像分析 (issue 35 item 1): the portraits of the school, colleges, majors, courses, teachers, classes and students
 * (CurrentPortraits) and their configuration (portrayal), under /api/herm-xxjk. Public surface: the plugin and the
 * demo seed's grants.
 */
export { portraitPlugin } from './portrait.routes';
export { insertGrants as grantPortraits } from './portrayal.repository';
