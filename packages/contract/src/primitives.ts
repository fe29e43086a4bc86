import { z } from 'zod';
import { MSG } from './messages';

/**
 * The shared field schemas every request is built from, so that what the database cannot hold is refused with a
 * Chinese 400 where the input is read, never a 500 where it is written: integers within PostgreSQL's int4, text
 * without NUL (PostgreSQL's text cannot hold it) or unpaired UTF-16 surrogates (not encodable as UTF-8), and page
 * sizes capped in one place.
 */

/** PostgreSQL's int4 (integer, serial): ids, years, counts and page numbers. */
export const INT32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** The most rows one page may hold, whatever size the client asks (the spec's option lists ask for 10000000). */
export const MAX_PAGE_SIZE = 5000;

/** An integer within int4, from a number or a numeric string (query, path and form values arrive as text). */
export const int32 = () => z.coerce.number().int().min(INT32.min, MSG.intOutOfRange).max(INT32.max, MSG.intOutOfRange);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a day of the calendar written YYYY-MM-DD (2026-02-30, 2026-13-01 and 0000-01-01 are not). */
export function isCalendarDate(s: string): boolean {
  if (!ISO_DATE.test(s) || s.startsWith('0000')) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A calendar date written YYYY-MM-DD; one that is not on the calendar is refused naming it, never stored. */
export const isoDate = () =>
  z
    .string()
    .regex(ISO_DATE, MSG.dateFormat)
    .superRefine((s, ctx) => {
      if (ISO_DATE.test(s) && !isCalendarDate(s)) ctx.addIssue({ code: 'custom', message: MSG.noSuchDate(s) });
    });

/** A record id: a positive int4. */
export const IdSchema = int32().min(1, MSG.intOutOfRange).describe('id');

/** A page number (first page 1). */
export const PageNumSchema = int32().min(1).default(1).describe('页码 / page number');

/** The most rows a page of an ordinary list may ask for; a larger size is refused naming the limit. */
export const LIST_PAGE_MAX = 200;

/**
 * The page size of a list: at most `max` (LIST_PAGE_MAX unless the list says otherwise), a larger one refused with a
 * Chinese 400 naming the limit, so no list can be asked for all its rows at once.
 */
export const pageSize = (fallback: number, max: number = LIST_PAGE_MAX) =>
  int32()
    .min(1)
    .max(max, MSG.pageSizeTooLarge(max))
    .default(fallback)
    .describe(`每页条数（最多 ${max}） / page size, at most ${max}`);

/**
 * The page size of the small option lists for which the spec's clients ask 10000000 (or 100000, 1000000) to mean
 * "all" (roles, user types, departments, year targets, task types, dimension types): any positive int4 is accepted,
 * and what is served is at most MAX_PAGE_SIZE rows. Ordinary lists take `pageSize`.
 */
export const optionPageSize = (fallback: number) =>
  int32()
    .min(1)
    .default(fallback)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .describe(
      `每页条数（选项列表：可传 10000000 表示全部，最多返回 ${MAX_PAGE_SIZE}） / page size, at most ${MAX_PAGE_SIZE}`,
    );

/** How every answer writes an instant: the school's local time (the server runs in its zone, config.TZ). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** An instant as answers carry it: yyyy-MM-dd HH:mm:ss in the school's time zone (spec-2 §9 "Time format"). */
export const DateTimeSchema = z
  .string()
  .regex(DATE_TIME_PATTERN)
  .describe('时间（学校时区，yyyy-MM-dd HH:mm:ss） / local time of the school');

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Writes an instant as yyyy-MM-dd HH:mm:ss in the zone of the process (the server sets its zone to the school's at
 * start, main.ts), the one format of every time in an answer. An invalid date is written as an empty string.
 */
export function formatDateTime(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}`;
}

/** Why a text cannot be stored: a NUL character, or a lone UTF-16 surrogate; null when it can. */
export function textProblem(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return MSG.textHasNul;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return MSG.textHasSurrogate;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return MSG.textHasSurrogate;
  }
  return null;
}

/**
 * The first string anywhere in a request value (object keys included) that cannot be stored, with its path; null
 * when every string can. The server runs it on every request's body, query and params before the route's schema.
 */
export function findBadText(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; problem: string } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, problem } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value instanceof Uint8Array) return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const keyProblem = textProblem(k);
    if (keyProblem) return { path: [...path, k], problem: keyProblem };
    const found = findBadText(v, [...path, k], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Text a user types: trimmed when asked, at most `max` characters, storable (no NUL, no lone surrogate). */
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((s, ctx) => {
      const problem = textProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
