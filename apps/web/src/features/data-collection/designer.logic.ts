import {
  COLLECTION_LIMITS,
  FIELD_TYPE_NAMES,
  type FieldType,
  type FormField,
  INPUT_KIND_NAMES,
  INPUT_KINDS,
  type InputKind,
  COLLECTION_MSG as M,
  type WarehouseField,
} from '@zg/contract';

/**
 * The form designer's rules, as the server checks them (data-collection.service.ts checkFields), so the designer
 * offers only what fits and names every problem before 保存.
 */

/** The warehouse field types an input kind can be bound to (the server's KIND_TYPES). */
export const KIND_FIELD_TYPES: Record<InputKind, readonly FieldType[]> = {
  text: ['text'],
  textarea: ['text'],
  number: ['integer', 'decimal'],
  date: ['date'],
  select: ['text', 'integer'],
  multiSelect: ['text'],
  yesNo: ['boolean'],
  file: ['text'],
};

/** The input kinds that fit a warehouse field type, in the contract's order. */
export function kindsFor(type: FieldType): InputKind[] {
  return INPUT_KINDS.filter((k) => KIND_FIELD_TYPES[k].includes(type));
}

/** The kind a newly bound field starts with. */
export function defaultKind(type: FieldType): InputKind {
  return kindsFor(type)[0] ?? 'text';
}

export const isChoice = (kind: InputKind) => kind === 'select' || kind === 'multiSelect';

/** One line of the designer: a field of the warehouse table, bound to the form or not. */
export interface DesignerRow {
  fieldId: number;
  /** The column name and the Chinese label in the warehouse. */
  column: string;
  columnLabel: string;
  type: FieldType;
  /** The warehouse requires it (it must be bound, and is always required) / keeps it unique. */
  tableRequired: boolean;
  tableUnique: boolean;
  bound: boolean;
  label: string;
  kind: InputKind;
  required: boolean;
  unique: boolean;
  constantTypeId: number | null;
  min: number | null;
  max: number | null;
  decimals: number | null;
  defaultValue: string;
}

/**
 * The designer's lines for a table: the form's fields first, in the form's order, then the table's other fields in
 * the table's order (unbound). A form field whose warehouse field is gone is dropped (the server would refuse it).
 */
export function rowsOf(fields: readonly WarehouseField[], formFields: readonly FormField[]): DesignerRow[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const bound: DesignerRow[] = [];
  for (const ff of formFields) {
    const wf = byId.get(ff.fieldId);
    if (!wf || bound.some((r) => r.fieldId === wf.id)) continue;
    bound.push({
      ...unbound(wf),
      bound: true,
      label: ff.label,
      kind: ff.kind,
      required: Boolean(ff.required) || wf.sfbt,
      unique: Boolean(ff.unique) || wf.sfwy,
      constantTypeId: ff.constantTypeId ?? null,
      min: ff.min ?? null,
      max: ff.max ?? null,
      decimals: ff.decimals ?? null,
      defaultValue: ff.defaultValue ?? '',
    });
  }
  const rest = [...fields]
    .sort((a, b) => a.px - b.px || a.id - b.id)
    .filter((f) => !bound.some((r) => r.fieldId === f.id))
    .map(unbound);
  return [...bound, ...rest];
}

/** A warehouse field not (yet) on the form: its own label, the first kind that fits, the table's own rules. */
function unbound(wf: WarehouseField): DesignerRow {
  return {
    fieldId: wf.id,
    column: wf.zdm,
    columnLabel: wf.zdzwm,
    type: wf.zdlx,
    tableRequired: wf.sfbt,
    tableUnique: wf.sfwy,
    bound: false,
    label: wf.zdzwm,
    kind: defaultKind(wf.zdlx),
    required: wf.sfbt,
    unique: wf.sfwy,
    constantTypeId: null,
    min: null,
    max: null,
    decimals: wf.zdlx === 'decimal' ? wf.xsws : wf.zdlx === 'integer' ? 0 : null,
    defaultValue: '',
  };
}

/** Binds every field the table requires (a new form starts with them). */
export function bindRequired(rows: DesignerRow[]): DesignerRow[] {
  return rows.map((r) => (r.tableRequired ? { ...r, bound: true } : r));
}

/** A problem of the designer, on a line (fieldId) or of the whole form (null). */
export interface DesignerProblem {
  fieldId: number | null;
  message: string;
}

/**
 * What stops the form from being saved, in the server's words: a bound field without a label or with a kind that
 * does not fit, a select without a constant type, min above max, decimals on an integer field, a table field the
 * warehouse requires left unbound, too many fields. Numbered as the server numbers them (the n-th bound field).
 */
export function fieldProblems(rows: readonly DesignerRow[]): DesignerProblem[] {
  const out: DesignerProblem[] = [];
  const bound = rows.filter((r) => r.bound);
  bound.forEach((r, i) => {
    const n = i + 1;
    const label = r.label.trim();
    const say = (message: string) => out.push({ fieldId: r.fieldId, message });
    if (!label) say(`第 ${n} 个字段：请输入显示名称`);
    else if (label.length > COLLECTION_LIMITS.nameMax)
      say(`第 ${n} 个字段：显示名称最多 ${COLLECTION_LIMITS.nameMax} 个字符`);
    const shown = label || r.columnLabel;
    if (!KIND_FIELD_TYPES[r.kind].includes(r.type))
      say(M.formFieldKindMismatch(n, shown, INPUT_KIND_NAMES[r.kind], FIELD_TYPE_NAMES[r.type]));
    if (isChoice(r.kind) && r.constantTypeId === null) say(M.formFieldNeedsConstant(n, shown));
    if (r.kind === 'number') {
      if (r.min !== null && r.max !== null && r.min > r.max) say(M.formFieldMinMax(n, shown));
      if (r.type === 'integer' && r.decimals) say(`第 ${n} 个字段“${shown}”：整数字段不能有小数位`);
    }
    if (r.defaultValue.length > 500) say(`第 ${n} 个字段“${shown}”：默认值最多 500 个字符`);
  });
  for (const r of rows)
    if (r.tableRequired && !r.bound)
      out.push({ fieldId: r.fieldId, message: M.formFieldRequiredMissing(r.columnLabel) });
  if (bound.length > COLLECTION_LIMITS.formFieldsMax)
    out.push({ fieldId: null, message: `一个表单最多 ${COLLECTION_LIMITS.formFieldsMax} 个字段` });
  return out;
}

/** The bound lines as the form's fields, in order (number settings only for numbers, constants only for choices). */
export function formFieldsOf(rows: readonly DesignerRow[]): FormField[] {
  return rows
    .filter((r) => r.bound)
    .map((r) => {
      const number = r.kind === 'number';
      return {
        fieldId: r.fieldId,
        label: r.label.trim(),
        kind: r.kind,
        required: r.required || r.tableRequired,
        unique: r.unique || r.tableUnique,
        constantTypeId: isChoice(r.kind) ? r.constantTypeId : null,
        min: number ? r.min : null,
        max: number ? r.max : null,
        decimals: number ? r.decimals : null,
        defaultValue: r.defaultValue.trim() ? r.defaultValue.trim() : null,
      };
    });
}

/** A line changed: its kind switched to one that fits clears the settings of the old kind. */
export function withKind(row: DesignerRow, kind: InputKind): DesignerRow {
  return {
    ...row,
    kind,
    constantTypeId: isChoice(kind) ? row.constantTypeId : null,
    min: kind === 'number' ? row.min : null,
    max: kind === 'number' ? row.max : null,
    decimals: kind === 'number' ? row.decimals : null,
  };
}

/** Moves a bound line up (-1) or down (+1) among the bound lines; unbound lines stay after them. */
export function moveRow(rows: readonly DesignerRow[], fieldId: number, by: -1 | 1): DesignerRow[] {
  const bound = rows.filter((r) => r.bound);
  const i = bound.findIndex((r) => r.fieldId === fieldId);
  const j = i + by;
  if (i < 0 || j < 0 || j >= bound.length) return [...rows];
  const moved = [...bound];
  [moved[i], moved[j]] = [moved[j]!, moved[i]!];
  return [...moved, ...rows.filter((r) => !r.bound)];
}

/** Binding or unbinding a line: a newly bound line goes to the end of the bound ones. */
export function toggleBound(rows: readonly DesignerRow[], fieldId: number, bound: boolean): DesignerRow[] {
  const row = rows.find((r) => r.fieldId === fieldId);
  if (!row || row.bound === bound || (!bound && row.tableRequired)) return [...rows];
  const others = rows.filter((r) => r.fieldId !== fieldId);
  const b = others.filter((r) => r.bound);
  const u = others.filter((r) => !r.bound);
  return [...b, { ...row, bound }, ...u];
}

/** How a form's publication reads: 未发布, or 第 n 版 (and whether it was edited since). */
export function versionText(form: { version: number; changedSincePublish: boolean }): string {
  if (form.version === 0) return '未发布';
  return form.changedSincePublish ? `第 ${form.version} 版（有未发布的修改）` : `第 ${form.version} 版`;
}

/** Why 发布 is greyed: no fields, or nothing changed since the last publication ('' when it is not). */
export function publishBlocked(f: { fields: readonly unknown[]; changedSincePublish: boolean }): string {
  if (f.fields.length === 0) return '表单至少需要 1 个字段才能发布';
  if (!f.changedSincePublish) return '表单自上次发布后没有修改';
  return '';
}
