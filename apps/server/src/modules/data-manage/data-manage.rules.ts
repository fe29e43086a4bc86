import { decimalShape, FALSE_WORDS, type FieldDef, type FieldType, type FilterOp, TRUE_WORDS } from '@zg/contract';

// The value rules live in the contract (warehouse-rules.ts), shared with the web's row dialog.
export {
  type CellValue,
  calendarDate,
  decimalShape,
  type FieldDef,
  type Parsed,
  parseValue,
  typeLabel,
} from '@zg/contract';

/**
 * The PostgreSQL type of a field's column: one of a fixed set of words with integers the contract validated, never
 * text from a request.
 */
export function columnType(f: Pick<FieldDef, 'type' | 'length' | 'scale'>): string {
  const int = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`bad type modifier ${n}`);
    return String(n);
  };
  switch (f.type) {
    case 'text':
      return f.length === null ? 'text' : `varchar(${int(f.length)})`;
    case 'integer':
      return 'bigint';
    case 'decimal': {
      const { precision, scale } = decimalShape(f);
      return `numeric(${int(precision)},${int(scale)})`;
    }
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
  }
}

/** Whether a field of this type can be filtered with the operator. */
export function filterFits(type: FieldType, op: FilterOp): boolean {
  if (op === 'contains') return type === 'text';
  if (op === 'gte' || op === 'lte') return type === 'integer' || type === 'decimal' || type === 'date';
  return true;
}

/**
 * What a change of a field's type or length does to the values stored in its column (issue 28 item 7: a change never
 * loses data). `none`: no stored value can change (the same type, a longer text, a wider decimal ...). `check`: the
 * rows are checked first, by the rule named, and the change is refused if any value would change (rounded, cut,
 * reformatted or unreadable in the new type). `impossible`: no value survives (a date as a number, a number as yes/no):
 * refused if the column holds any value.
 */
export type Conversion =
  | { kind: 'none' }
  | { kind: 'impossible' }
  | {
      kind: 'check';
      rule:
        | { type: 'textLength'; length: number; from: FieldType }
        | { type: 'textToInteger' }
        | { type: 'textToDecimal'; precision: number; scale: number }
        | { type: 'textToDate' }
        | { type: 'textToBoolean' }
        | { type: 'numberToDecimal'; precision: number; scale: number }
        | { type: 'decimalToInteger' };
    };

/** The longest text a value of these types is written as (a date YYYY-MM-DD, yes/no true/false, a bigint's 20). */
function textWidth(f: Pick<FieldDef, 'type' | 'length' | 'scale'>): number | null {
  switch (f.type) {
    case 'text':
      return f.length;
    case 'integer':
      return 20;
    case 'decimal': {
      const { precision, scale } = decimalShape(f);
      // Sign, digits, and the point when there are places.
      return precision + 1 + (scale > 0 ? 1 : 0);
    }
    case 'date':
      return 10;
    case 'boolean':
      return 5;
  }
}

/** What changing a field from `before` to `after` does to its stored values (see Conversion). */
export function conversionOf(
  before: Pick<FieldDef, 'type' | 'length' | 'scale'>,
  after: Pick<FieldDef, 'type' | 'length' | 'scale'>,
): Conversion {
  const check = (rule: Extract<Conversion, { kind: 'check' }>['rule']): Conversion => ({ kind: 'check', rule });
  if (after.type === 'text') {
    if (after.length === null) return { kind: 'none' };
    const width = textWidth(before);
    return width !== null && width <= after.length
      ? { kind: 'none' }
      : check({ type: 'textLength', length: after.length, from: before.type });
  }
  switch (before.type) {
    case 'text':
      if (after.type === 'integer') return check({ type: 'textToInteger' });
      if (after.type === 'decimal') return check({ type: 'textToDecimal', ...decimalShape(after) });
      if (after.type === 'date') return check({ type: 'textToDate' });
      return check({ type: 'textToBoolean' });
    case 'integer':
      if (after.type === 'integer') return { kind: 'none' };
      if (after.type === 'decimal') {
        const { precision, scale } = decimalShape(after);
        // Every bigint (19 digits) fits when the integer part has room for them.
        return precision - scale >= 19 ? { kind: 'none' } : check({ type: 'numberToDecimal', precision, scale });
      }
      return { kind: 'impossible' };
    case 'decimal': {
      if (after.type === 'integer') return check({ type: 'decimalToInteger' });
      if (after.type === 'decimal') {
        const from = decimalShape(before);
        const to = decimalShape(after);
        const fits = to.scale >= from.scale && to.precision - to.scale >= from.precision - from.scale;
        return fits ? { kind: 'none' } : check({ type: 'numberToDecimal', ...to });
      }
      return { kind: 'impossible' };
    }
    case 'date':
      return after.type === 'date' ? { kind: 'none' } : { kind: 'impossible' };
    case 'boolean':
      return after.type === 'boolean' ? { kind: 'none' } : { kind: 'impossible' };
  }
}

/** The words a text column's values may hold to become yes/no (as an import reads them): true and false words. */
export const BOOLEAN_WORDS = { true: [...TRUE_WORDS], false: [...FALSE_WORDS] } as const;
