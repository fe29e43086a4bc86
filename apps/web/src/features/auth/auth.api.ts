import { AUTHC_API as API, type CasConfigSchema, type LoginInput } from '@zg/contract';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { call } from '../../api/endpoint';

// Sign-in calls answer their failures on the page that made them (a dialog, or a quiet fall-back to /login),
// so they are `quiet`: the request client adds only the time-out warning.

/** `POST /api/authc/login`: the login record on success; 401 (or 429 after repeated failures) otherwise. */
export function login(input: LoginInput) {
  return call(API.login, { body: input }, { quiet: true });
}

/** `POST /api/authc/logout`; a session that has already ended counts as signed out. */
export async function logout(): Promise<void> {
  try {
    await call(API.logout, {}, { quiet: true });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** `GET /api/authc/tryLogin`: the login record when the `sid` cookie is a live session; 401 otherwise. */
export function tryLogin(signal?: AbortSignal) {
  return call(API.tryLogin, {}, { signal, quiet: true });
}

/** `POST /api/authc/casLogin`: turns a CAS service ticket into a session. */
export function casLogin(input: { ticket: string; service: string }) {
  return call(API.casLogin, { body: input }, { quiet: true });
}

export type CasConfig = z.output<typeof CasConfigSchema>;

/** `GET /api/authc/casConfig` (public): whether CAS single sign-on is on, and its login entry. */
export function fetchCasConfig() {
  return call(API.casConfig, {}, { quiet: true });
}
