import { MSG } from '@zg/contract';

/** The success envelope `{ meta: { success: true, message }, data }`. */
export function ok<T>(data: T, message: string = MSG.ok) {
  return { meta: { success: true, message }, data };
}

/** The failure envelope; data is always null. */
export function fail(message: string, code?: number) {
  return { meta: code === undefined ? { success: false, message } : { success: false, message, code }, data: null };
}
