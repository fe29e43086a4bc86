import type { DATA_COLLECTION_API as API, DataOut } from '@zg/contract';

/** What the server sends, by endpoint. */
export type CollectionForm = DataOut<typeof API.formGet>;
export type ConstantType = DataOut<typeof API.constantTypeList>[number];
export type Constant = DataOut<typeof API.constantList>[number];
export type CollectionTask = DataOut<typeof API.taskList>[number];
export type FillTask = DataOut<typeof API.allocationList>[number];
