import { DIMENSION_TEXT as TEXT } from '@zg/contract';

/** Pure helpers of the 维度管理 and 部门职责 tabs. */

interface TypeLike {
  id: number;
  wdbm: string;
  wdmc: string;
  sjlx: string[] | null;
}

/**
 * The types an object of `type` may have its parent in: the built-in rule's (by code), every type for a type an
 * administrator added (sjlx null), none for a type without parents.
 */
export function parentTypesFor<T extends TypeLike>(type: T | undefined, types: T[]): T[] {
  if (!type) return [];
  if (type.sjlx === null) return types;
  return type.sjlx.map((code) => types.find((t) => t.wdbm === code)).filter((t): t is T => t !== undefined);
}

/**
 * The lines of an import refusal: the server answers "导入失败，共N处错误，未导入任何数据：第2行…；第3行…" (EXCEL_MSG), or
 * one message of another kind (wrong header, empty sheet, too large), which is one line.
 */
export function importReport(message: string): { summary: string; lines: string[] } {
  const colon = message.indexOf('：');
  const head = colon >= 0 ? message.slice(0, colon) : '';
  const match = /共(\d+)处错误/.exec(head);
  if (!match) return { summary: message, lines: [] };
  const lines = message
    .slice(colon + 1)
    .split('；')
    .map((l) => l.trim())
    .filter(Boolean);
  return { summary: TEXT.importProblems(Number(match[1])), lines };
}

/** The department's objects after ticking or unticking rows of the type's table. */
export function toggled<T extends { id: number }>(chosen: T[], rows: T[], selected: boolean): T[] {
  if (selected) {
    const have = new Set(chosen.map((c) => c.id));
    return [...chosen, ...rows.filter((r) => !have.has(r.id))];
  }
  const drop = new Set(rows.map((r) => r.id));
  return chosen.filter((c) => !drop.has(c.id));
}

/** Whether the chosen set differs from the saved one. */
export function dutyChanged(saved: { id: number }[], chosen: { id: number }[]): boolean {
  if (saved.length !== chosen.length) return true;
  const have = new Set(saved.map((s) => s.id));
  return chosen.some((c) => !have.has(c.id));
}
