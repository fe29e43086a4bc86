/**
 * The diagnosis module's public surface (诊断改进, `/api/herm-zdgj`): the plugin, and the hook announcing rows
 * computed (the quality warnings register with it).
 */
export { diagnosisPlugin } from './diagnosis.plugin';
export { announceRows, ROW_COMPUTED, type RowComputed } from './diagnosis-hooks';
