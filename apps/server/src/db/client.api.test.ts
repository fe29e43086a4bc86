import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { type Database, DatabaseUnavailableError, openDatabase } from './client';

/** The day in a zone as PostgreSQL prints a date (YYYY-MM-DD). */
const dayIn = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

async function withDatabase<T>(timeZone: string | undefined, fn: (d: Database) => Promise<T>) {
  const database = await openDatabase({ url: inject('testDatabaseUrl'), timeZone });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

type Row = { tz: string; today: string };
const poolOf = (d: Database) => (d.db as unknown as { $client: pg.Pool }).$client;
const sessionDay = (d: Database) =>
  poolOf(d).query<Row>(`select current_setting('TimeZone') as tz, current_date::text as today`);

describe('openDatabase with the school time zone (config.TZ)', () => {
  // Two zones 15 to 16 hours apart: for most of the day their dates differ, so the date shows which zone ran.
  it.each(['Asia/Shanghai', 'America/Los_Angeles'])('every session of the pool runs in %s', async (zone) => {
    await withDatabase(zone, async (d) => {
      const before = dayIn(zone);
      // Several at once: each pooled connection, not just the first, has the zone.
      const results = await Promise.all(Array.from({ length: 4 }, () => sessionDay(d)));
      const after = dayIn(zone);
      for (const { rows } of results) {
        expect(rows[0]?.tz).toBe(zone);
        expect([before, after]).toContain(rows[0]?.today);
      }
    });
  });

  it('keeps instants: a timestamptz read back is the same moment whatever the zone', async () => {
    const at = new Date('2026-03-01T16:30:00.000Z');
    for (const zone of ['Asia/Shanghai', 'America/Los_Angeles', undefined]) {
      await withDatabase(zone, async (d) => {
        const { rows } = await poolOf(d).query<{ t: Date }>('select $1::timestamptz as t', [at.toISOString()]);
        expect(rows[0]?.t.getTime()).toBe(at.getTime());
      });
    }
  });

  it('refuses a zone PostgreSQL does not know with the server message, and a name that is not a zone name', async () => {
    await expect(openDatabase({ url: inject('testDatabaseUrl'), timeZone: 'Mars/Olympus_Mons' })).rejects.toThrow(
      DatabaseUnavailableError,
    );
    await expect(openDatabase({ url: inject('testDatabaseUrl'), timeZone: 'UTC -c fsync=off' })).rejects.toThrow(
      'unusable time zone',
    );
  });
});
