import { csrfPair, LIMITS, type LoginRecord, type Meta, MSG, UI_TEXT as TEXT, WEB_MSG } from '@zg/contract';
import { askRetry, reportFailure } from './catalogue';
import { ApiError } from './errors';
import { filenameFromDisposition, toFormBody } from './form';
import { getLoginRecord } from './session';

export { ApiError, type ApiErrorReason } from './errors';

/** Anything that validates response data, such as a contract zod schema. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined;

/** What every kind of call (JSON, file download, upload) accepts. */
export interface CallOptions {
  query?: Record<string, QueryValue>;
  timeoutMs?: number;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /** "Again" mode (spec-1 section 8): on a time-out ask 请求超时，是否重试？ and resend on confirm. */
  again?: boolean;
  /** The caller tells the user about failures itself: the catalogue only warns about time-outs. */
  quiet?: boolean;
}

export interface RequestOptions<T> extends CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Form-urlencoded with bracketed keys (`a[0][b]`) unless `json` is set. */
  body?: object;
  json?: boolean;
  /** Validates and types `data`; without it the caller gets `unknown`. */
  schema?: Parser<T>;
}

export interface BlobOptions extends CallOptions {
  method?: 'GET' | 'POST';
  body?: object;
  json?: boolean;
}

export interface UploadOptions<T> extends CallOptions {
  file: Blob;
  /** Name sent with the file part (defaults to the File's own). */
  filename?: string;
  /** Multipart field of the file; `file` as the server expects. */
  fieldName?: string;
  /** Other form fields, sent before the file so the server can read them first. */
  fields?: Record<string, string>;
  schema?: Parser<T>;
  /** Percent sent, 0-100; -1 when the upload fails. */
  onProgress?: (percent: number) => void;
}

export interface DownloadedFile {
  blob: Blob;
  /** From the server's Content-Disposition, when it sent one. */
  filename: string | null;
}

/** Fallback messages for replies without an envelope (a proxy's error page, for instance). */
const STATUS_MESSAGE: Record<number, string> = {
  302: WEB_MSG.notLoggedIn302,
  400: MSG.invalidInput,
  401: MSG.notSignedIn,
  403: MSG.noPermission,
  404: MSG.notFound,
  413: MSG.tooLarge,
  415: MSG.unsupportedMedia,
  429: MSG.tooManyRequests,
};

/** Calls the API and returns the envelope's `data`; throws an ApiError on any failure. */
export function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const payload = encodeBody(options.body, options.json);
  return withCatalogue(options, () =>
    exchange(path, options.method ?? 'GET', options, payload, LIMITS.requestTimeoutMs, (response) =>
      readEnvelope(response, options.schema),
    ),
  );
}

/** GET with query parameters. */
export function get<T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body' | 'json'> = {}) {
  return request<T>(path, { ...options, method: 'GET' });
}

/** POST, form-urlencoded by default (`json: true` for a JSON body). */
export function post<T = unknown>(
  path: string,
  body?: object,
  options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
) {
  return request<T>(path, { ...options, method: 'POST', body });
}

/**
 * A file by GET or POST, with the server's file name. A JSON reply means the server refused: it rejects with
 * meta.message (spec-1 section 7).
 */
export function fetchBlob(path: string, options: BlobOptions = {}): Promise<DownloadedFile> {
  const payload = encodeBody(options.body, options.json);
  return withCatalogue(options, () =>
    exchange(path, options.method ?? 'GET', options, payload, LIMITS.requestTimeoutMs, readBlob),
  );
}

/** Downloads a file and saves it under the server's name (else `filename`); resolves to the name used. */
export async function download(path: string, options: BlobOptions & { filename?: string } = {}): Promise<string> {
  const file = await fetchBlob(path, options);
  const name = file.filename ?? options.filename ?? WEB_MSG.defaultDownloadName;
  saveBlob(file.blob, name);
  return name;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Multipart upload through XMLHttpRequest, the one browser API that reports upload progress; 120 s time-out.
 * `onProgress` gets -1 when the upload fails or is cancelled.
 */
export async function upload<T = unknown>(path: string, options: UploadOptions<T>): Promise<T> {
  try {
    const data = await withCatalogue(options, () => sendMultipart(path, options));
    options.onProgress?.(100);
    return data;
  } catch (error) {
    options.onProgress?.(-1);
    throw error;
  }
}

/** Runs a call, tells the user about its failure per the catalogue, and resends on request in "again" mode. */
async function withCatalogue<T>(options: CallOptions, attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.reason === 'timeout' && options.again) {
          if (await askRetry()) continue;
          // The user chose not to retry: they know.
          error.handled = true;
        } else {
          reportFailure(error, options.quiet ?? false);
        }
      }
      throw error;
    }
  }
}

interface Payload {
  body?: string;
  contentType?: string;
}

function encodeBody(body: object | undefined, json = false): Payload {
  if (body === undefined) return {};
  if (json) return { body: JSON.stringify(body), contentType: 'application/json' };
  return { body: toFormBody(body).toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
}

/** One fetch with the session's headers and signed URL, aborted after the time-out or by the caller. */
async function exchange<R>(
  path: string,
  method: string,
  options: CallOptions,
  payload: Payload,
  defaultTimeoutMs: number,
  read: (response: Response) => Promise<R>,
): Promise<R> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? defaultTimeoutMs);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  if (options.signal?.aborted) controller.abort();

  const headers: Record<string, string> = { Accept: 'application/json, */*', ...loginHeaders(getLoginRecord()) };
  if (payload.contentType) headers['Content-Type'] = payload.contentType;
  try {
    const response = await fetch(signedUrl(path, options.query), {
      method,
      headers,
      body: payload.body,
      credentials: 'include',
      signal: controller.signal,
    });
    // Reading the body is inside the time-out too: a reply that stalls half-way is no reply.
    return await read(response);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw timeoutError(0, error);
    // Cancelled by the caller: let the original AbortError through, callers ignore it.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, undefined, TEXT.networkError, 'network', error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

async function readEnvelope<T>(response: Response, schema: Parser<T> | undefined): Promise<T> {
  return interpret(response.status, parseJson(await response.text()), schema);
}

async function readBlob(response: Response): Promise<DownloadedFile> {
  if (response.status === 504) throw timeoutError(504);
  if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    const payload = parseJson(await response.text());
    const meta = isEnvelope(payload) ? payload.meta : null;
    const fallback = response.ok ? WEB_MSG.downloadFailed : fallbackMessage(response.status);
    throw new ApiError(response.status, meta?.code, meta?.message || fallback, 'server');
  }
  if (!response.ok) throw new ApiError(response.status, undefined, fallbackMessage(response.status), 'server');
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')),
  };
}

function sendMultipart<T>(path: string, options: UploadOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancelled = () => new DOMException(WEB_MSG.uploadCancelled, 'AbortError');
    if (options.signal?.aborted) return reject(cancelled());
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    const settle = (outcome: () => T) => {
      options.signal?.removeEventListener('abort', cancel);
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    xhr.open('POST', signedUrl(path, options.query));
    xhr.timeout = options.timeoutMs ?? LIMITS.uploadTimeoutMs;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(loginHeaders(getLoginRecord()))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.floor((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => settle(() => interpret(xhr.status, parseJson(xhr.responseText), options.schema));
    xhr.onerror = () =>
      settle(() => {
        throw new ApiError(0, undefined, TEXT.networkError, 'network');
      });
    xhr.ontimeout = () =>
      settle(() => {
        throw timeoutError(0);
      });
    xhr.onabort = () =>
      settle(() => {
        throw cancelled();
      });

    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    const filename = options.filename ?? (options.file instanceof File ? options.file.name : undefined);
    if (filename === undefined) form.append(options.fieldName ?? 'file', options.file);
    else form.append(options.fieldName ?? 'file', options.file, filename);
    options.signal?.addEventListener('abort', cancel, { once: true });
    xhr.send(form);
  });
}

/** The envelope's data, or the ApiError its status and meta describe. */
function interpret<T>(status: number, payload: unknown, schema: Parser<T> | undefined): T {
  if (status === 504) throw timeoutError(504);
  const ok = status >= 200 && status < 300;
  if (!isEnvelope(payload)) {
    throw new ApiError(status, undefined, ok ? TEXT.responseInvalid : fallbackMessage(status), 'server');
  }
  const { meta } = payload;
  if (!ok || !meta.success) throw new ApiError(status, meta.code, meta.message || fallbackMessage(status), 'server');
  if (!schema) return payload.data as T;
  try {
    return schema.parse(payload.data);
  } catch (error) {
    throw new ApiError(status, undefined, TEXT.responseInvalid, 'server', error);
  }
}

/** Spec-1 section 7: every call carries `_t` and, within a session, the CSRF pair in its URL. */
function signedUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const record = getLoginRecord();
  return withQuery(path, { ...query, _t: Date.now(), ...(record?.csrfSecret ? csrfPair(record.csrfSecret) : {}) });
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

function parseJson(text: string): unknown {
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

function fallbackMessage(status: number): string {
  return STATUS_MESSAGE[status] ?? MSG.serverError;
}

function timeoutError(status: number, cause?: unknown): ApiError {
  return new ApiError(status, undefined, MSG.requestTimeout, 'timeout', cause);
}
