import { FIELD_TYPE_NAMES, type FieldType, WAREHOUSE_LIMITS, WAREHOUSE_RULE } from './data-manage';

/**
 * The warehouse's value rules, pure and shared: the server reads every imported, edited or filtered value with them
 * (data-manage.rules.ts re-exports them), and the web's row dialog checks a value as it is typed with the same ones.
 */

/** A field as the warehouse rules need it. */
export interface FieldDef {
  id: number;
  name: string;
  label: string;
  type: FieldType;
  length: number | null;
  scale: number | null;
  required: boolean;
  unique: boolean;
}

/** The decimal's precision and places (the defaults when the field names none). */
export const decimalShape = (f: Pick<FieldDef, 'length' | 'scale'>) => ({
  precision: f.length ?? WAREHOUSE_LIMITS.decimalPrecisionDefault,
  scale: f.scale ?? WAREHOUSE_LIMITS.decimalScaleDefault,
});

/** The Chinese name of a field's type with its length, as messages show it (文本(20), 小数(10,2)). */
export function typeLabel(f: Pick<FieldDef, 'type' | 'length' | 'scale'>): string {
  if (f.type === 'text' && f.length !== null) return `${FIELD_TYPE_NAMES.text}(${f.length})`;
  if (f.type === 'decimal') {
    const { precision, scale } = decimalShape(f);
    return `${FIELD_TYPE_NAMES.decimal}(${precision},${scale})`;
  }
  return FIELD_TYPE_NAMES[f.type];
}

/** A stored value: text, integer, decimal and date as text (bound as parameters), yes/no as a boolean. */
export type CellValue = string | boolean | null;

/** A value read for a field: the value to bind and its canonical form (for duplicate checks), or the rule broken. */
export type Parsed = { ok: true; value: CellValue; key: string | null } | { ok: false; rule: string };

const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;
export const TRUE_WORDS = new Set(['是', 'true', '1', 'y', 'yes', 't']);
export const FALSE_WORDS = new Set(['否', 'false', '0', 'n', 'no', 'f']);

/** A calendar date YYYY-MM-DD (or YYYY/MM/DD), year 1 to 9999; null when it is not one. */
export function calendarDate(s: string): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return null;
  const iso = `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * Reads a value for a field (an import cell, an edited value, a filter): empty is null (refused when required); text
 * within its length; integers within bigint; decimals within the precision once rounded to the places (as PostgreSQL
 * rounds them); dates as calendar dates; yes/no as 是/否, true/false, 1/0.
 */
export function parseValue(f: FieldDef, raw: unknown): Parsed {
  const text = raw === null || raw === undefined ? '' : typeof raw === 'string' ? raw.trim() : String(raw);
  if (text === '')
    return f.required ? { ok: false, rule: WAREHOUSE_RULE.required } : { ok: true, value: null, key: null };
  switch (f.type) {
    case 'text': {
      const value = typeof raw === 'string' ? raw : text;
      if (f.length !== null && Array.from(value).length > f.length)
        return { ok: false, rule: WAREHOUSE_RULE.tooLong(f.length) };
      return { ok: true, value, key: value };
    }
    case 'integer': {
      if (!/^[+-]?\d{1,19}$/.test(text)) return { ok: false, rule: WAREHOUSE_RULE.integer };
      const n = BigInt(text);
      if (n < INT8_MIN || n > INT8_MAX) return { ok: false, rule: WAREHOUSE_RULE.integerRange };
      return { ok: true, value: n.toString(), key: n.toString() };
    }
    case 'decimal': {
      const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
      if (!m || (!m[2] && !m[3]) || text.length > 100) return { ok: false, rule: WAREHOUSE_RULE.decimal };
      const { precision, scale } = decimalShape(f);
      const frac = m[3] ?? '';
      let scaled = BigInt((m[2] || '0') + frac.padEnd(scale, '0').slice(0, scale));
      if ((frac[scale] ?? '0') >= '5') scaled += 1n;
      if (scaled.toString().length > precision)
        return { ok: false, rule: WAREHOUSE_RULE.decimalDigits(precision, scale) };
      const key = scaled === 0n ? '0' : `${m[1] === '-' ? '-' : ''}${scaled}`;
      return { ok: true, value: text, key };
    }
    case 'date': {
      const iso = calendarDate(text);
      return iso ? { ok: true, value: iso, key: iso } : { ok: false, rule: WAREHOUSE_RULE.date };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw, key: String(raw) };
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true, key: 'true' };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false, key: 'false' };
      return { ok: false, rule: WAREHOUSE_RULE.boolean };
    }
  }
}
