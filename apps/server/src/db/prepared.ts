import { createHash } from 'node:crypto';
import { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client';

/** A built query (drizzle's select and the like): its text and parameters. */
interface Built {
  toSQL(): { sql: string; params: unknown[] };
}

const names = new Map<string, string>();

/** The statement's name: the same text, the same name, so each connection parses and plans it once. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    // The texts come from a bounded set of filter shapes; the guard only keeps a bug from growing it without end.
    if (names.size < 10_000) names.set(text, name);
  }
  return name;
}

/**
 * Runs a query (a builder or an sql`` text) whose text depends on the filters given (a list's page, its visibility) as a named prepared statement:
 * the statement's name is a hash of its text, so every call with the same filter shape (only the values differ)
 * reuses what its pooled connection already parsed and, once PostgreSQL settles on a generic plan, planned. The rows
 * come back as arrays in the select's column order (no mapping). Inside a transaction (no pool) it runs as it is.
 */
export async function queryPrepared(db: Db, query: Built | SQL): Promise<unknown[][]> {
  const { sql: text, params } =
    query instanceof SQL
      ? (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(
          query,
        )
      : query.toSQL();
  const client = (db as unknown as { $client?: pg.Pool | pg.PoolClient }).$client;
  if (!client || typeof client.query !== 'function') {
    const res = await (db as unknown as { execute(q: unknown): Promise<{ rows: Record<string, unknown>[] }> }).execute(
      query,
    );
    return res.rows.map((r) => Object.values(r));
  }
  const res = await client.query({ name: nameOf(text), text, values: params, rowMode: 'array' });
  return res.rows as unknown[][];
}
