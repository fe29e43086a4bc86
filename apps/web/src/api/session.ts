import { type LoginRecord, LoginRecordSchema } from '@zg/contract';

/** Session-storage key of the login record (spec-1 section 3). */
export const LOGIN_RECORD_KEY = 'loginRecord';

type Listener = () => void;
const listeners = new Set<Listener>();
// The parsed record is cached by its raw text, so readers get a stable object (useSyncExternalStore needs one).
let cached: { raw: string | null; record: LoginRecord | null } = { raw: null, record: null };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can throw when the browser blocks it; the app then behaves as signed out.
    return null;
  }
}

/** The stored login record, or null when absent or not a valid record. */
export function getLoginRecord(): LoginRecord | null {
  const raw = storage()?.getItem(LOGIN_RECORD_KEY) ?? null;
  if (raw === cached.raw) return cached.record;
  let record: LoginRecord | null = null;
  if (raw !== null) {
    try {
      const parsed = LoginRecordSchema.safeParse(JSON.parse(raw));
      record = parsed.success ? parsed.data : null;
    } catch {
      record = null;
    }
  }
  cached = { raw, record };
  return record;
}

/**
 * Local-storage key of the hint that this browser was given a session cookie (HttpOnly, so the page cannot see it):
 * set with every login record, dropped at sign-out, after a password change and when try-login finds no session. A
 * page load without it skips try-login, which could only answer 401 (a console error on every visit to sign in).
 */
export const SESSION_HINT_KEY = 'zg.sessionCookie';

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Whether this browser may hold a live session cookie (try-login is worth asking). */
export function mayHoldSession(): boolean {
  return localStore()?.getItem(SESSION_HINT_KEY) === '1';
}

/** The session cookie is known to be gone (signed out, password changed, try-login refused). */
export function forgetSessionCookie(): void {
  localStore()?.removeItem(SESSION_HINT_KEY);
}

/** Stores the login record of a fresh sign-in or try-login. */
export function setLoginRecord(record: LoginRecord): void {
  storage()?.setItem(LOGIN_RECORD_KEY, JSON.stringify(record));
  localStore()?.setItem(SESSION_HINT_KEY, '1');
  notify();
}

/** Ends the session in this tab: clears session storage (the login record and anything else kept there). */
export function clearSession(): void {
  storage()?.clear();
  notify();
}

/** Calls the listener whenever the login record changes in this tab. */
export function subscribeLoginRecord(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}
