import {
  FIELD_TYPE_NAMES,
  FILTER_OPS,
  type FieldType,
  type FilterOp,
  IMPORT_STEPS,
  type ImportJob,
  JOB_STATE_NAMES,
  jobUnderWay,
  parseValue,
  WAREHOUSE_TEXT as W,
  WAREHOUSE_LIMITS,
  WAREHOUSE_RULE,
  type WarehouseField,
} from '@zg/contract';

/** The pure rules of the warehouse pages: filters, row values, the import's progress. */

/** The filter operators a field type takes (as the server's filterFits). */
export function opsFor(type: FieldType): FilterOp[] {
  return FILTER_OPS.filter((op) => {
    if (op === 'contains') return type === 'text';
    if (op === 'gte' || op === 'lte') return type === 'integer' || type === 'decimal' || type === 'date';
    return true;
  });
}

/** The operator a filter on a field starts with. */
export const defaultOp = (type: FieldType): FilterOp => (type === 'text' ? 'contains' : 'eq');

/** Whether an operator needs a value (为空 / 不为空 do not). */
export const opTakesValue = (op: FilterOp) => op !== 'empty' && op !== 'notEmpty';

export interface FilterDraft {
  field: string;
  op: FilterOp;
  value?: string | boolean | null;
}

/**
 * The filters as the browse's `filters` query (a JSON array), leaving out those still without a value; undefined
 * when none is left.
 */
export function filtersParam(drafts: FilterDraft[]): string | undefined {
  const ready = drafts
    .filter((d) => d.field)
    .filter((d) => !opTakesValue(d.op) || (d.value !== undefined && d.value !== null && String(d.value).trim() !== ''))
    .slice(0, WAREHOUSE_LIMITS.filtersMax)
    .map((d) => (opTakesValue(d.op) ? { field: d.field, op: d.op, value: d.value } : { field: d.field, op: d.op }));
  return ready.length ? JSON.stringify(ready) : undefined;
}

export type CellValue = string | number | boolean | null | undefined;

/** A stored value as the table shows it: yes/no as 是/否, empty as a dash. */
export function cellText(field: Pick<WarehouseField, 'zdlx'>, value: CellValue): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.zdlx === 'boolean') return value === true || value === 'true' ? '是' : '否';
  return String(value);
}

/** A row's values as the row form holds them (every field as text, yes/no as a boolean or nothing). */
export function formValuesOf(fields: WarehouseField[], row: Record<string, CellValue> | null) {
  const values: Record<string, string | boolean | undefined> = {};
  for (const f of fields) {
    const v = row?.[f.zdm];
    if (f.zdlx === 'boolean') values[f.zdm] = v === null || v === undefined ? undefined : v === true || v === 'true';
    else values[f.zdm] = v === null || v === undefined ? '' : String(v);
  }
  return values;
}

/**
 * What is wrong with a value typed for a field, by the warehouse's own rule (the contract's `parseValue`, which the
 * server applies again): 应为整数 for 20x5 in an integer field, the date format, the digits of a decimal, the length of
 * a text, a required field left empty; null when it fits. Yes/no comes from a choice and always fits.
 */
export function valueProblem(field: WarehouseField, value: unknown): string | null {
  if (field.zdlx === 'boolean') return field.sfbt && typeof value !== 'boolean' ? W.valueRequired(field.zdzwm) : null;
  const parsed = parseValue(
    {
      id: field.id,
      name: field.zdm,
      label: field.zdzwm,
      type: field.zdlx,
      length: field.cd,
      scale: field.xsws,
      required: field.sfbt,
      unique: field.sfwy,
    },
    value,
  );
  if (parsed.ok) return null;
  return parsed.rule === WAREHOUSE_RULE.required ? W.valueRequired(field.zdzwm) : `${field.zdzwm}${parsed.rule}`;
}

/** The values the row form sends (updatebsj): trimmed text, empty as null; the server checks each by its field. */
export function rowPayload(fields: WarehouseField[], values: Record<string, unknown>) {
  const out: Record<string, string | boolean | null> = {};
  for (const f of fields) {
    const v = values[f.zdm];
    if (f.zdlx === 'boolean') out[f.zdm] = typeof v === 'boolean' ? v : null;
    else {
      const text = v === undefined || v === null ? '' : String(v).trim();
      out[f.zdm] = text === '' ? null : text;
    }
  }
  return out;
}

/** A field's type as the field list shows it: 文本(20), 小数(5,1). */
export function typeText(f: Pick<WarehouseField, 'zdlx' | 'cd' | 'xsws'>): string {
  const name = FIELD_TYPE_NAMES[f.zdlx];
  if (f.zdlx === 'text') return f.cd ? `${name}(${f.cd})` : name;
  if (f.zdlx === 'decimal')
    return `${name}(${f.cd ?? WAREHOUSE_LIMITS.decimalPrecisionDefault},${f.xsws ?? WAREHOUSE_LIMITS.decimalScaleDefault})`;
  return name;
}

/** What the progress bar shows of an import job (a tracked job: platform jobs in the contract's jobs.ts). */
export function jobProgress(job: Pick<ImportJob, 'state' | 'percent' | 'done' | 'total' | 'step'> | null): {
  percent: number;
  status: 'active' | 'success' | 'exception';
  text: string;
} {
  if (!job) return { percent: 0, status: 'active', text: '正在上传文件' };
  if (job.state === 'done') return { percent: 100, status: 'success', text: '导入完成' };
  if (job.state === 'failed') return { percent: job.percent, status: 'exception', text: '导入失败' };
  if (job.state === 'interrupted')
    return { percent: job.percent, status: 'exception', text: JOB_STATE_NAMES.interrupted };
  if (job.state === 'queued') return { percent: 0, status: 'active', text: JOB_STATE_NAMES.queued };
  if (job.total === null) return { percent: 0, status: 'active', text: job.step ?? IMPORT_STEPS.counting };
  return { percent: job.percent, status: 'active', text: `已处理 ${job.done} / ${job.total} 行` };
}

/** Whether the job is still running (the page keeps polling). */
export const jobRunning = jobUnderWay;
