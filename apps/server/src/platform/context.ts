import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from './clock';
import type { FileStore } from './files/file-store';
import type { Hooks } from './hooks';
import type { JobRunner } from './jobs';
import type { SessionInfo } from './session';

export interface RouteEntry {
  method: string;
  url: string;
  hidden: boolean;
  access: import('./access').Access | undefined;
  /** The media types the route's schema says it consumes (multipart routes say multipart/form-data). */
  consumes: readonly string[];
  /** The contract endpoint the route was registered from (platform/endpoints.ts), if it was. */
  endpoint: import('@zg/contract').Endpoint | undefined;
}

// Fastify decorations, declared once here and set once in app.ts.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    fileStore: FileStore;
    jobs: JobRunner;
    clock: Clock;
    /** This instance's hook registrations (platform/hooks.ts): what the modules above register with those below. */
    hooks: Hooks;
    /** Every route registered, for the OpenAPI and access-control checks. */
    routeCatalog: RouteEntry[];
  }
  interface FastifyRequest {
    /** The signed-in session, or null. Identity comes only from here, never from headers. */
    session: SessionInfo | null;
  }
}
