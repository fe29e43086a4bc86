import { type CycleTypeItem, type CycleValue, CYCLE_TEXT as X } from '@zg/contract';

/**
 * Pure logic of the 周期管理 and 部门版本 tabs: the type filter with 全部, and what a dialog sends (who keeps them is
 * the server's `abilities`).
 */

/** The type filter: 全部 (empty value, spec-2 §9) then each type with its count of values. */
export function typeFilterOptions(types: readonly CycleTypeItem[]): { value: number | ''; label: string }[] {
  return [{ value: '', label: X.all }, ...types.map((t) => ({ value: t.id, label: `${t.lxmc}（${t.zqzs}）` }))];
}

export interface CycleForm {
  cycleTypeId?: number;
  cycleNumber?: string;
  px?: number | null;
}

/** What the add / edit dialog sends: the trimmed value, and the order only when one was typed. */
export function cycleBody(form: CycleForm, editing: CycleValue | null) {
  const body = {
    cycleTypeId: form.cycleTypeId ?? 0,
    cycleNumber: (form.cycleNumber ?? '').trim(),
    ...(form.px === null || form.px === undefined ? {} : { px: form.px }),
  };
  return editing ? { ...body, id: editing.id } : body;
}

/** Why a value's row cannot be deleted as it is (shown on its disabled button), or null. */
export function deleteBlocked(v: Pick<CycleValue, 'usedBy'>): string | null {
  return v.usedBy > 0 ? `正被 ${v.usedBy} 个目标任务使用，不能删除` : null;
}

/** The selected rows that can be deleted (a value in use cannot be selected). */
export function deletableIds(rows: readonly CycleValue[], selected: readonly number[]): number[] {
  const ok = new Set(rows.filter((r) => !deleteBlocked(r)).map((r) => r.id));
  return selected.filter((id) => ok.has(id));
}
