import {
  type BodyOut,
  type DataIn,
  type Endpoint,
  envelope,
  FILE,
  type Meta,
  type ParamsOut,
  type QueryOut,
} from '@zg/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  LogLevel,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from './access';

/** A plugin's instance as FastifyPluginAsyncZod hands it over. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The request of an endpoint's route, typed from its declaration (after defaults and coercions). */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;

/** A JSON endpoint answers its envelope with the declared data; a download answers through the reply. */
type Answer<E extends Endpoint> = E['response'] extends typeof FILE
  ? FastifyReply
  : { meta: Pick<Meta, 'success' | 'message'>; data: DataIn<E> };

/** How the server runs a route, which is no part of what it answers (so not the contract's). */
export interface RouteOptions {
  /** Requests logged at this level and above only (the health check, polled by load balancers, logs at warn). */
  logLevel?: LogLevel;
}

/**
 * Registers the route of a contract endpoint in the plugin `app` (whose prefix the endpoint's path starts with):
 * method, path, parameters, query, body and response schemas come from the declaration, so the server cannot drift
 * from what the web calls. `access` says who may call it (platform/access.ts). An upload (`consumes: MULTIPART`)
 * declares no body: its handler reads the multipart stream itself (`req.file()`).
 */
export function serve<E extends Endpoint>(
  app: ZodApp,
  e: E,
  access: Access,
  handler: (req: EndpointRequest<E>, reply: FastifyReply) => Promise<Answer<E>>,
  options: RouteOptions = {},
): void {
  if (!e.path.startsWith(`${app.prefix}/`)) {
    throw new Error(`endpoint ${e.path} registered under ${app.prefix}: register it in the plugin of its prefix`);
  }
  app.route({
    method: e.method,
    url: e.path.slice(app.prefix.length),
    config: { access, endpoint: e },
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      ...(e.consumes ? { consumes: [...e.consumes] } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.response === FILE ? {} : { response: responses(e.response, e.statuses) }),
    },
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** The envelope of the declared data under 200 and each other status the endpoint answers with it. */
function responses(data: z.ZodType, statuses: readonly number[] = []) {
  const schema = envelope(data);
  return Object.fromEntries([200, ...statuses].map((status) => [status, schema]));
}
