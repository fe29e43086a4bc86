import { csrfPair, LIMITS, type LoginRecord, type Meta, MSG, UI_TEXT as TEXT } from '@zg/contract';
import { message } from 'antd';
import { getLoginRecord } from './session';

/** Why a request failed: the server answered with an error, or no usable answer came in time, or none at all. */
export type ApiErrorReason = 'server' | 'timeout' | 'network';

/** The one error type of every API call; `message` is Chinese and can be shown as it is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Business code from `meta.code`, when the server sent one. */
  readonly code: number | undefined;
  readonly reason: ApiErrorReason;

  constructor(status: number, code: number | undefined, message: string, reason: ApiErrorReason, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.code = code;
    this.reason = reason;
  }
}

/** Anything that validates response data, such as a contract zod schema. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates and types `data`; without it the caller gets `unknown`. */
  schema?: Parser<T>;
  timeoutMs?: number;
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
}

const TIMEOUT_MESSAGE_KEY = 'request-timeout';

/** Fallback messages for replies without an envelope (a proxy's error page, for instance). */
const STATUS_MESSAGE: Record<number, string> = {
  400: MSG.invalidInput,
  401: MSG.notSignedIn,
  403: MSG.noPermission,
  404: MSG.notFound,
  413: MSG.tooLarge,
  415: MSG.unsupportedMedia,
  429: MSG.tooManyRequests,
};

/** Calls the API and returns the envelope's `data`; throws an ApiError on any failure. */
export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? LIMITS.requestTimeoutMs);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  if (options.signal?.aborted) controller.abort();

  const record = getLoginRecord();
  const headers: Record<string, string> = { Accept: 'application/json', ...loginHeaders(record) };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // Spec-1 section 7: GETs carry _t; every call of a session carries the CSRF pair in its URL.
  const query: Record<string, QueryValue> = {
    ...options.query,
    ...(method === 'GET' ? { _t: Date.now() } : {}),
    ...(record?.csrfSecret ? csrfPair(record.csrfSecret) : {}),
  };

  try {
    let response: Response;
    let payload: unknown;
    try {
      response = await fetch(withQuery(path, query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'include',
        signal: controller.signal,
      });
      payload = await readJson(response);
    } catch (error) {
      if (timedOut) throw timeoutError(0, error);
      // Cancelled by the caller: let the original AbortError through, callers ignore it.
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, undefined, TEXT.networkError, 'network', error);
    }
    if (response.status === 504) throw timeoutError(504);

    if (!isEnvelope(payload)) {
      const text = response.ok ? TEXT.responseInvalid : (STATUS_MESSAGE[response.status] ?? MSG.serverError);
      throw new ApiError(response.status, undefined, text, 'server');
    }
    const { meta } = payload;
    if (!response.ok || !meta.success) {
      const text = meta.message || (STATUS_MESSAGE[response.status] ?? MSG.serverError);
      throw new ApiError(response.status, meta.code, text, 'server');
    }
    if (!options.schema) return payload.data as T;
    try {
      return options.schema.parse(payload.data);
    } catch (error) {
      throw new ApiError(response.status, undefined, TEXT.responseInvalid, 'server', error);
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** GET with query parameters. */
export function get<T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) {
  return request<T>(path, { ...options, method: 'GET' });
}

/** POST with a JSON body. */
export function post<T = unknown>(
  path: string,
  body?: unknown,
  options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
) {
  return request<T>(path, { ...options, method: 'POST', body });
}

/** Spec-1 section 7: the stored login data travels as headers (never trusted as identity by the server). */
function loginHeaders(record: LoginRecord | null): Record<string, string> {
  if (!record) return {};
  return {
    loginUserId: record.userId,
    loginUserName: encodeURIComponent(encodeURIComponent(record.userName)),
    loginUserOrgId: record.orgId ?? '',
  };
}

function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isEnvelope(value: unknown): value is { meta: Meta; data: unknown } {
  if (typeof value !== 'object' || value === null || !('meta' in value)) return false;
  const meta: unknown = value.meta;
  return typeof meta === 'object' && meta !== null && 'success' in meta && typeof meta.success === 'boolean';
}

/** Spec-1 section 8: warn for 3 s, one warning at a time (a shared key replaces the previous one). */
function timeoutError(status: number, cause?: unknown): ApiError {
  message.warning({ key: TIMEOUT_MESSAGE_KEY, content: MSG.requestTimeout, duration: 3 });
  return new ApiError(status, undefined, MSG.requestTimeout, 'timeout', cause);
}
