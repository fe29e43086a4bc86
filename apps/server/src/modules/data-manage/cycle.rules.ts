/**
 * Pure rules of the cycles (周期): how values sort, where a new value goes, and which flag changes are allowed.
 * Nothing here reads the database or the clock.
 */

const CN_DIGITS: Record<string, string> = { 一: '1', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6' };

/**
 * A key that sorts cycle values in time order: 2025-2026学年第二学期 after 第一学期, 下半年 after 上半年 (the Chinese
 * numerals and halves become digits; digits then compare as numbers).
 */
export function cycleSortKey(value: string): string {
  return value
    .trim()
    .replace(/上半年/g, 'H1')
    .replace(/下半年/g, 'H2')
    .replace(/第([一二三四五六])/g, (_m, d: string) => `第${CN_DIGITS[d]}`);
}

const collator = new Intl.Collator('zh-Hans-CN', { numeric: true });

/** Compares two cycle values in time order. */
export function compareCycleValues(a: string, b: string): number {
  return collator.compare(cycleSortKey(a), cycleSortKey(b));
}

export interface Placed {
  id: number;
  value: string;
  sortOrder: number;
}

/**
 * Where a new value without an explicit order goes among the values of its type (in their order): just before the
 * first value that comes after it in time, or last. `shiftFrom` (when not null): every value of the type whose
 * sortOrder is at least this moves one place down to make room.
 */
export function placement(existing: readonly Placed[], value: string): { sortOrder: number; shiftFrom: number | null } {
  const ordered = [...existing].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const next = ordered.find((v) => compareCycleValues(value, v.value) < 0);
  if (!next) return { sortOrder: (ordered.at(-1)?.sortOrder ?? 0) + 1, shiftFrom: null };
  return { sortOrder: next.sortOrder, shiftFrom: next.sortOrder };
}

export interface Flags {
  value: string;
  isDefault: boolean;
  hidden: boolean;
}

export type FlagRefusal = { kind: 'hiddenDefault' | 'defaultHidden'; value: string };

/** defaultStatusChange: a value becomes its type's default (others lose it) or stops being it; a hidden one cannot. */
export function toggleDefault(v: Flags): { isDefault: boolean; clearOthers: boolean } | FlagRefusal {
  if (v.isDefault) return { isDefault: false, clearOthers: false };
  if (v.hidden) return { kind: 'hiddenDefault', value: v.value };
  return { isDefault: true, clearOthers: true };
}

/** hideStatusChange: a value is hidden from the pickers or shown again; the default of its type cannot be hidden. */
export function toggleHidden(v: Flags): { hidden: boolean } | FlagRefusal {
  if (v.hidden) return { hidden: false };
  if (v.isDefault) return { kind: 'defaultHidden', value: v.value };
  return { hidden: true };
}

/** The cycle value ids a target task holds (target_tasks.cycle_values: ids joined by commas, empty for none). */
export function cycleIdsOf(text: string | null | undefined): number[] {
  if (!text) return [];
  return text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Whether a cycle type name asked for by the pickers names this type (by its name or its code). */
export function typeMatches(type: { name: string; code: string }, asked: string): boolean {
  const a = asked.trim();
  return a === type.name || a.toLowerCase() === type.code.toLowerCase();
}
