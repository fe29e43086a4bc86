import { type DATA_COLLECTION_API as API, type DataOut, type LoginRecord, ROLE } from '@zg/contract';
import { hasRole } from '../../session/login-record';

/**
 * The collection administrators (administrators and the data office): they design forms, keep constants and start
 * collection tasks; the server (data-collection.policy.ts, COLLECTION_ROLES) refuses those routes to anyone else.
 */
export const managesCollection = (record: LoginRecord | null) => hasRole(record, ROLE.admin, ROLE.dataOffice);

/** What the server sends, by endpoint. */
export type CollectionForm = DataOut<typeof API.formGet>;
export type ConstantType = DataOut<typeof API.constantTypeList>[number];
export type Constant = DataOut<typeof API.constantList>[number];
export type CollectionTask = DataOut<typeof API.taskList>[number];
export type FillTask = DataOut<typeof API.allocationList>[number];
