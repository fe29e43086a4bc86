import { LIMITS } from '@zg/contract';

const { min: MIN_YEAR, max: MAX_YEAR, panelSize: PANEL_SIZE } = LIMITS.yearPicker;

/** This year, by today's date: the year every analysis page starts on. */
export function currentYear(): number {
  return new Date().getFullYear();
}

/** An extra rule that blocks some years, on top of the fixed 1969-2098 range. */
export type DisabledYear = (year: number) => boolean;

/** First year of the 10-year panel that holds `year` (2017 -> 2010). */
export function decadeStart(year: number): number {
  return Math.floor(year / PANEL_SIZE) * PANEL_SIZE;
}

/** The 10 years of the panel starting at `start`. */
export function decadeYears(start: number): number[] {
  return Array.from({ length: PANEL_SIZE }, (_, i) => start + i);
}

/** Spec-1 section 5: years below 1969 or above 2098 cannot be chosen, nor any the extra rule blocks. */
export function isYearDisabled(year: number, extra?: DisabledYear): boolean {
  return year < MIN_YEAR || year > MAX_YEAR || (extra?.(year) ?? false);
}

/** Whether the panel before `start` holds a year of the range (1960-1969 does, 1950-1959 does not). */
export function hasPrevDecade(start: number): boolean {
  return start - 1 >= MIN_YEAR;
}

/** Whether the panel after `start` holds a year of the range. */
export function hasNextDecade(start: number): boolean {
  return start + PANEL_SIZE <= MAX_YEAR;
}

/** Spec-2 section 9: the year shown as YYYY. */
export function formatYear(year: number | null | undefined): string {
  return year == null ? '' : String(year).padStart(4, '0');
}

/** A year from what a form or API holds ('2026', 2026, '2026-01-01'); null when there is none. */
export function toYear(value: string | number | null | undefined): number | null {
  if (value == null || value === '') return null;
  const year = typeof value === 'number' ? value : Number.parseInt(String(value).slice(0, 4), 10);
  return Number.isInteger(year) ? year : null;
}
