import type { LoginRecord } from '@zg/contract';
import { useSyncExternalStore } from 'react';
import { getLoginRecord, subscribeLoginRecord } from '../api/session';

/** The stored login record, re-rendering when it changes. */
export function useLoginRecord(): LoginRecord | null {
  return useSyncExternalStore(subscribeLoginRecord, getLoginRecord, getLoginRecord);
}
