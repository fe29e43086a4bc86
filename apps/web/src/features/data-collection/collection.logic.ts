import { type LoginRecord, ROLE } from '@zg/contract';
import { hasRole } from '../../session/login-record';

/**
 * The collection administrators (administrators and the data office): they design forms, keep constants and start
 * collection tasks; the server (data-collection.policy.ts, COLLECTION_ROLES) refuses those routes to anyone else.
 */
export const managesCollection = (record: LoginRecord | null) => hasRole(record, ROLE.admin, ROLE.dataOffice);
