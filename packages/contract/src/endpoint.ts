import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A download: the reply is the file itself (no envelope); a refusal still answers the JSON envelope. */
export const FILE = 'file' as const;

/** What an upload consumes: one multipart request whose file part the handler reads itself (`req.file()`). */
export const MULTIPART = ['multipart/form-data'] as const;

/**
 * One HTTP endpoint, declared once: the server registers its route from it (platform/endpoints.ts `serve`), the web
 * calls it (api/endpoint.ts `call`, `downloadFrom`) and OpenAPI describes it. Access (who may call it) is the
 * server's and stays on its route.
 */
export interface Endpoint {
  method: HttpMethod;
  /** The full path with `:name` parameters, e.g. `/api/herm-wbs/targetReportCover/:id/delete`. */
  path: string;
  /** OpenAPI summary: Chinese first, then English. */
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `data`, or FILE for a download. */
  response: z.ZodType | typeof FILE;
  /** The web sends the body as JSON; otherwise form-urlencoded with bracketed keys, as the spec's calls are. */
  json?: boolean;
  /**
   * MULTIPART for an upload: the web sends a multipart form (api/endpoint.ts `uploadTo`), the handler reads its fields
   * and file part from the stream, so the endpoint declares no `body`.
   */
  consumes?: typeof MULTIPART;
  /** Statuses besides 200 whose reply is the same envelope with its data (the health check's 503). */
  statuses?: readonly number[];
}

/** Declares an endpoint, keeping its literal types for the server and the web. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends (before the schema's defaults and coercions). */
export type ParamsIn<E extends Endpoint> = Input<E['params']>;
export type QueryIn<E extends Endpoint> = Input<E['query']>;
export type BodyIn<E extends Endpoint> = Input<E['body']>;
/** What a handler receives (after them). */
export type ParamsOut<E extends Endpoint> = Output<E['params']>;
export type QueryOut<E extends Endpoint> = Output<E['query']>;
export type BodyOut<E extends Endpoint> = Output<E['body']>;
/** The envelope's data as the server builds it, and as the web reads it. */
export type DataIn<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : never;
export type DataOut<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : never;

/** The path with its parameters filled in (each one URI-encoded). */
export function pathOf(e: Pick<Endpoint, 'path'>, params?: Record<string, string | number>): string {
  return e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path}: parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The one paging rule of every resource-style list (MyBatis-Plus's, which the spec's calls follow): `pages` is
 * ceil(total / size), so an empty list has 0 pages.
 */
export function pageReply<T>(records: T[], total: number, q: { current: number; size: number }) {
  return { records, total, current: q.current, size: q.size, pages: Math.ceil(total / q.size) };
}

/**
 * The list-style page of the user service and the file types (`{ list, total, pageNum, pageSize }`, no page count):
 * the page as the query asked for it after its defaults and cap.
 */
export function listReply<T>(list: T[], total: number, q: { pageNum: number; pageSize: number }) {
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}
