import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Db } from '../db/client';
import { findSession, hashToken, type SessionInfo } from './session';

/**
 * The session lookup folded into the request's first statement (issue 21 item 2).
 *
 * A worker keeps the sessions it has read in memory. A read request (GET/HEAD) whose session is known runs on the
 * remembered session without a lookup of its own; instead its first statement is wrapped so that, in the same
 * snapshot, PostgreSQL also answers whether the session row is still there and unexpired and session_epoch still has
 * the value it had when the session was read (every change to what a session carries raises it in the same
 * transaction, migration 0022). So logout, expiry, a disabled user, a password change (which ends the user's sessions)
 * and a role, department or head change all take effect on the next request, whichever worker or instance serves it.
 *
 * When the check fails the session is read again: gone → 401 as before; the same as remembered (another user's change
 * raised the counter) → the statement runs again unwrapped; changed → the reply is a 307 to the same address, which
 * the browser follows and which is then served on the session as it now is. A statement that may write, or a
 * transaction, is not wrapped: the session is checked on its own before it runs, as is a reply that ran no statement
 * (checked before it is sent). Writes (any other method) always read the session first.
 */

/** How long a remembered session is used without being read again: last_seen_at is written at this pace too. */
export const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 10_000;

type State = 'pending' | 'checking' | 'valid' | 'ended';

export interface SessionCheck {
  token: string;
  idHash: string;
  info: SessionInfo;
  state: State;
  /** The one standalone check under way, shared by the queries that wait for it. */
  running: Promise<void> | null;
  /** Settles the check on its own (one statement): throws SessionEnded or SessionChanged. */
  verify(): Promise<void>;
}

/** Thrown (and answered 307 to the same address) when the session changed under a read request. */
export class SessionChanged extends Error {
  constructor() {
    super('session changed');
  }
}

/** Thrown when the remembered session has ended: answered as a request without a session. */
export class SessionEnded extends Error {
  constructor() {
    super('session ended');
  }
}

const store = new AsyncLocalStorage<SessionCheck>();

/**
 * True when the code runs inside the check's context, where the request's first statement settles it; outside (a
 * context lost on the way) the access guard settles it on its own before the route runs.
 */
export const insideCheck = (check: SessionCheck) => store.getStore() === check;

/** What of a session matters to a request: all but when it was last seen and the counter. */
function sameSession(a: SessionInfo, b: SessionInfo): boolean {
  return (
    a.userId === b.userId &&
    a.csrfSecret === b.csrfSecret &&
    a.userName === b.userName &&
    a.departmentId === b.departmentId &&
    JSON.stringify(a.grants) === JSON.stringify(b.grants) &&
    JSON.stringify(a.chargeDepartmentIds) === JSON.stringify(b.chargeDepartmentIds)
  );
}

const MAY_WRITE = /\b(insert|update|delete|truncate|merge|copy|lock|nextval|setval|pg_advisory\w*|set_config)\b|;/i;

/** A statement that can be wrapped: one select (or with ... select) that writes nothing. */
export function wrappable(text: string): boolean {
  return /^\s*(select|with)\b/i.test(text) && !MAY_WRITE.test(text);
}

/**
 * The statement with the session check beside it: one row more than the statement's when it returns none (marked by
 * "__row" being null), and the statement not run at all when the check fails (the lateral's one-time filter).
 */
export function wrapStatement(text: string, paramCount: number): string {
  const h = paramCount + 1;
  const check =
    `exists (select 1 from "sessions" where "id_hash" = $${h} and "expires_at" > $${h + 1}) ` +
    `and (select "value" from "session_epoch" where "id" = 1) = $${h + 2}::bigint`;
  return (
    `select "__c"."__ok", "__q".* from (select ${check} as "__ok") "__c" left join lateral ` +
    `(select true as "__row", "__s".* from (\n${text}\n) "__s" where "__c"."__ok") "__q" on true`
  );
}

const folding = new WeakSet<object>();

/** Wraps the pool's query and connect (once per pool, whichever app instance installs it first). */
function foldInto(pool: pg.Pool) {
  if (folding.has(pool) || typeof pool.query !== 'function') return;
  folding.add(pool);
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const check = store.getStore();
    if (check?.state === 'ended') return Promise.reject(new SessionEnded());
    if (check?.state !== 'pending' || typeof args[args.length - 1] === 'function') return query(...args);
    const config: pg.QueryConfig & { rowMode?: string; name?: string } =
      typeof args[0] === 'string'
        ? { text: args[0], values: (args[1] as unknown[] | undefined) ?? [] }
        : {
            ...(args[0] as pg.QueryConfig),
            values: (args[0] as pg.QueryConfig).values ?? (args[1] as unknown[]) ?? [],
          };
    if (!wrappable(config.text)) return check.verify().then(() => query(...args));
    return folded(check, config, args);
  };
  (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    const check = store.getStore();
    if (check?.state !== 'pending' || args.length > 0) return connect(...args);
    return check.verify().then(() => connect());
  };

  async function folded(
    check: SessionCheck,
    config: pg.QueryConfig & { rowMode?: string; name?: string },
    args: unknown[],
  ) {
    const values = [...(config.values ?? [])];
    // Always read as arrays: the rows are rebuilt without the check's two columns anyway, and building each object
    // once here is cheaper than pg building it and a rest spread copying it (4 % of the server's time on a
    // 1 300-row reply).
    const wrapped: pg.QueryConfig & { rowMode?: string; name?: string } = {
      ...config,
      rowMode: 'array',
      text: wrapStatement(config.text, values.length),
      values: [...values, check.idHash, new Date(), check.info.epoch],
    };
    if (config.name) wrapped.name = `${config.name.slice(0, 60)}_s`;
    const res = await query(wrapped);
    const all = res.rows as unknown as unknown[][];
    if (all[0]?.[0] !== true) {
      // Another request of this one may have settled it meanwhile; otherwise read the session again.
      await check.verify();
      return query(...args);
    }
    check.state = 'valid';
    const fields = res.fields.slice(2);
    const kept = all[0]?.[1] === null ? [] : all;
    let rows: unknown[];
    if (config.rowMode === 'array') rows = kept.map((r) => r.slice(2));
    else {
      const names = fields.map((f) => f.name);
      rows = kept.map((r) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) row[names[i]!] = r[i + 2];
        return row;
      });
    }
    return Object.assign(res, { rows, rowCount: rows.length, fields });
  }
}

export interface SessionFold {
  /**
   * onRequest: the request's session, remembered or read; when remembered, `next` runs inside the request's check
   * (AsyncLocalStorage), which the request's first statement settles.
   */
  load(
    token: string,
    method: string,
    next: (session: SessionInfo | null, check: SessionCheck | null) => void,
    fail: (err: unknown) => void,
  ): void;
}

/** Installs the fold on the database's pool (its query and connect) and returns what the session hooks use. */
export function installSessionFold(db: Db, idleMs: number): SessionFold {
  /** The sessions this worker has read, oldest first (a Map keeps insertion order). */
  const remembered = new Map<string, SessionInfo>();
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  const window = Math.min(REMEMBER_MS, idleMs);
  const remember = (info: SessionInfo | null, idHash: string) => {
    remembered.delete(idHash);
    if (!info) return;
    if (remembered.size >= MAX_REMEMBERED) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    remembered.set(idHash, info);
  };

  /** The session read again on its own: gone, changed or the same. */
  async function reread(check: SessionCheck): Promise<void> {
    check.state = 'checking';
    const fresh = await findSession(db, check.token, idleMs);
    remember(fresh, check.idHash);
    if (!fresh) {
      check.state = 'ended';
      throw new SessionEnded();
    }
    check.state = 'valid';
    if (!sameSession(fresh, check.info)) throw new SessionChanged();
  }

  function standalone(check: SessionCheck): Promise<void> {
    if (check.state === 'valid') return Promise.resolve();
    if (check.state === 'ended') return Promise.reject(new SessionEnded());
    check.running ??= reread(check);
    return check.running;
  }

  if (pool) foldInto(pool);

  return {
    load(token, method, next, fail) {
      if (!token || token.length > 100) return next(null, null);
      const idHash = hashToken(token);
      const known = remembered.get(idHash);
      if (
        known &&
        (method === 'GET' || method === 'HEAD') &&
        Date.now() - known.lastSeenAt.getTime() < window &&
        pool
      ) {
        const check: SessionCheck = {
          token,
          idHash,
          info: known,
          state: 'pending',
          running: null,
          verify: () => standalone(check),
        };
        return store.run(check, () => next(known, check));
      }
      findSession(db, token, idleMs).then((info) => {
        remember(info, idHash);
        next(info, null);
      }, fail);
    },
  };
}
