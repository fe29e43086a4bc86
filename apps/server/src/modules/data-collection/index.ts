/** The data-collection module's public surface: forms, constants, collection and fill tasks (`/api/herm-sjcj`). */

export { collectionFigures, type DepartmentFillFigures } from './collection-figures.query';
/**
 * Driving data collection as its pages do (the demo seed): constants, directories and forms published, tasks started,
 * rows saved, fill tasks moved by the rules table, audited rows synced into the warehouse, outdated tasks closed.
 */
export { closeOutdated, createTask } from './collection-task.service';
export { saveConstant, saveConstantType } from './constant.service';
export { dataCollectionPlugin } from './data-collection.plugin';
export { saveRows } from './fill-rows.service';
export { syncTask } from './fill-sync.service';
export { act } from './fill-task.service';
export { createDirectory, createForm, publishForm } from './form.service';
