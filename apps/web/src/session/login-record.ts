import type { LoginRecord, RoleId } from '@zg/contract';
import { useSyncExternalStore } from 'react';
import { getLoginRecord, subscribeLoginRecord } from '../api/session';

/** The stored login record, re-rendering when it changes. */
export function useLoginRecord(): LoginRecord | null {
  return useSyncExternalStore(subscribeLoginRecord, getLoginRecord, getLoginRecord);
}

/** Whether the signed-in user holds any of the roles. */
export function hasRole(record: LoginRecord | null, ...roles: RoleId[]): boolean {
  return !!record && roles.some((r) => record.roleIdList.includes(r));
}

/** Whether the signed-in user heads a department (either department list of the login record). */
export function headsDepartment(record: LoginRecord | null): boolean {
  return !!record && (record.chargeDeparmentIdList.length > 0 || record.newChargeDeparmentIdList.length > 0);
}
