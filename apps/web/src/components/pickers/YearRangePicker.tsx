import { SHELL_TEXT as T } from '@zg/contract';
import { Space } from 'antd';
import type { CSSProperties } from 'react';
import { YearPicker } from './YearPicker';
import type { DisabledYear } from './year';

/** [start year, end year]; either may be empty. */
export type YearRange = [number | null, number | null];

/** Spec-1 section 2: choosing a start year with no end year sets the end year to the same year. */
export function rangeWithStart(range: YearRange, start: number | null): YearRange {
  const [, end] = range;
  if (start === null) return [null, end];
  // A start moved past the end takes the end along, so a range can move forward in one step.
  return [start, end === null || end < start ? start : end];
}

/** The range after the end year changes. */
export function rangeWithEnd(range: YearRange, end: number | null): YearRange {
  return [range[0], end];
}

export interface YearRangePickerProps {
  value?: YearRange | null;
  onChange?: (range: YearRange) => void;
  /** An extra rule blocking years in both pickers. */
  disabledDate?: DisabledYear;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: [string, string];
  id?: string;
  className?: string;
  style?: CSSProperties;
}

/**
 * Start-year and end-year pickers. The end cannot be before the start; a start chosen with no end (or after the end)
 * sets the end to the same year.
 */
export function YearRangePicker({
  value,
  onChange,
  disabledDate,
  disabled,
  allowClear = true,
  placeholder = [T.startYear, T.endYear],
  id,
  className,
  style,
}: YearRangePickerProps) {
  const range: YearRange = value ?? [null, null];
  const [start, end] = range;
  return (
    <Space.Compact className={['zg-year-range', className].filter(Boolean).join(' ')} style={style}>
      <YearPicker
        id={id}
        aria-label={placeholder[0]}
        placeholder={placeholder[0]}
        value={start}
        disabled={disabled}
        allowClear={allowClear}
        disabledDate={disabledDate}
        onChange={(year) => onChange?.(rangeWithStart(range, year))}
      />
      <span className="zg-year-range__separator" aria-hidden="true">
        {T.yearRangeSeparator}
      </span>
      <YearPicker
        aria-label={placeholder[1]}
        placeholder={placeholder[1]}
        value={end}
        disabled={disabled}
        allowClear={allowClear}
        defaultPanelYear={start ?? undefined}
        disabledDate={(year) => (start !== null && year < start) || (disabledDate?.(year) ?? false)}
        onChange={(year) => onChange?.(rangeWithEnd(range, year))}
      />
    </Space.Compact>
  );
}
