import {
  type BodyIn,
  type DataOut,
  type Endpoint,
  FILE,
  type MULTIPART,
  type ParamsIn,
  pathOf,
  type QueryIn,
} from '@zg/contract';
import type { z } from 'zod';
import {
  type CallOptions,
  type DownloadedFile,
  download,
  fetchBlob,
  type QueryValue,
  request,
  type UploadOptions,
  upload,
} from './client';

/** What a call of the endpoint sends: its path parameters, query and body, each only where it declares one. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: ParamsIn<E> } : unknown) &
  (E['query'] extends z.ZodType ? { query: QueryIn<E> } : unknown) &
  (E['body'] extends z.ZodType ? { body: BodyIn<E> } : unknown);

type Sent = { params?: Record<string, string | number>; query?: Record<string, QueryValue>; body?: object };

/**
 * Calls a contract endpoint: the path, method and encoding come from its declaration, the reply's data is validated
 * by its response schema and typed from it.
 */
export function call<E extends Endpoint>(
  e: E,
  input: CallInput<E>,
  options: Omit<CallOptions, 'query'> = {},
): Promise<DataOut<E>> {
  if (e.response === FILE) throw new Error(`${e.path} answers a file: use downloadFrom`);
  const sent = input as Sent;
  return request(pathOf(e, sent.params), {
    ...options,
    method: e.method,
    query: sent.query,
    body: sent.body,
    json: e.json,
    schema: e.response as z.ZodType<DataOut<E>>,
  });
}

/** Downloads what a file endpoint answers and saves it under the server's name; resolves to the name used. */
export function downloadFrom<E extends Endpoint & { response: typeof FILE }>(
  e: E,
  input: CallInput<E>,
  options: Omit<CallOptions, 'query'> & { filename?: string } = {},
): Promise<string> {
  const sent = input as Sent;
  return download(pathOf(e, sent.params), {
    ...options,
    method: e.method === 'GET' ? 'GET' : 'POST',
    query: sent.query,
    body: sent.body,
    json: e.json,
  });
}

/** Fetches what a file endpoint answers (a preview shown in place): the bytes and the server's file name. */
export function fetchFrom<E extends Endpoint & { response: typeof FILE }>(
  e: E,
  input: CallInput<E>,
  options: Omit<CallOptions, 'query'> = {},
): Promise<DownloadedFile> {
  const sent = input as Sent;
  return fetchBlob(pathOf(e, sent.params), {
    ...options,
    method: e.method === 'GET' ? 'GET' : 'POST',
    query: sent.query,
    body: sent.body,
    json: e.json,
  });
}

/**
 * Uploads a file to an endpoint that consumes a multipart form (with `fields` sent before the file part), with
 * progress; the reply's data is validated by the endpoint's response schema and typed from it.
 */
export function uploadTo<E extends Endpoint & { consumes: typeof MULTIPART }>(
  e: E,
  input: CallInput<E>,
  options: Omit<UploadOptions<DataOut<E>>, 'query' | 'schema'>,
): Promise<DataOut<E>> {
  if (e.response === FILE) throw new Error(`${e.path} answers a file: an upload answers its envelope`);
  const sent = input as Sent;
  return upload(pathOf(e, sent.params), {
    ...options,
    query: sent.query,
    schema: e.response as z.ZodType<DataOut<E>>,
  });
}
