import { type LoginInput, LoginRecordSchema } from '@zg/contract';
import { ApiError, get, post } from '../../api/client';

/** `POST /api/authc/login`: the login record on success; 401 with the reason otherwise. */
export function login(input: LoginInput) {
  return post('/api/authc/login', input, { schema: LoginRecordSchema });
}

/** `POST /api/authc/logout`; a session that has already ended counts as signed out. */
export async function logout(): Promise<void> {
  try {
    await post('/api/authc/logout');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** `GET /api/authc/tryLogin`: the login record when the `sid` cookie is a live session; 401 otherwise. */
export function tryLogin(signal?: AbortSignal) {
  return get('/api/authc/tryLogin', { schema: LoginRecordSchema, signal });
}
