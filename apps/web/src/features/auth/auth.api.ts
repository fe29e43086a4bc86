import { type LoginInput, LoginRecordSchema } from '@zg/contract';
import { ApiError, get, type Parser, post } from '../../api/client';

// Sign-in calls answer their failures on the page that made them (a dialog, or a quiet fall-back to /login),
// so they are `quiet`: the request client adds only the time-out warning.

/** `POST /api/authc/login`: the login record on success; 401 (or 429 after repeated failures) otherwise. */
export function login(input: LoginInput) {
  return post('/api/authc/login', input, { schema: LoginRecordSchema, quiet: true });
}

/** `POST /api/authc/logout`; a session that has already ended counts as signed out. */
export async function logout(): Promise<void> {
  try {
    await post('/api/authc/logout', undefined, { quiet: true });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** `GET /api/authc/tryLogin`: the login record when the `sid` cookie is a live session; 401 otherwise. */
export function tryLogin(signal?: AbortSignal) {
  return get('/api/authc/tryLogin', { schema: LoginRecordSchema, signal, quiet: true });
}

/** `POST /api/authc/casLogin`: turns a CAS service ticket into a session. */
export function casLogin(input: { ticket: string; service: string }) {
  return post('/api/authc/casLogin', input, { schema: LoginRecordSchema, quiet: true });
}

export interface CasConfig {
  enabled: boolean;
  loginUrl: string | null;
}

// The server declares this reply inline in its route, not in the contract, so it is checked by hand here.
const CasConfigParser: Parser<CasConfig> = {
  parse(data) {
    const value = (data ?? {}) as Partial<CasConfig>;
    if (typeof value.enabled !== 'boolean') throw new TypeError('casConfig.enabled');
    return { enabled: value.enabled, loginUrl: typeof value.loginUrl === 'string' ? value.loginUrl : null };
  },
};

/** `GET /api/authc/casConfig` (public): whether CAS single sign-on is on, and its login entry. */
export function fetchCasConfig() {
  return get('/api/authc/casConfig', { schema: CasConfigParser, quiet: true });
}
