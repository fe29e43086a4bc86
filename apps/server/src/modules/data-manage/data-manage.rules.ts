import { decimalShape, type FieldDef, type FieldType, type FilterOp } from '@zg/contract';

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
