import { LIMITS, SHELL_TEXT as T } from '@zg/contract';
import { Button, Input, Popover } from 'antd';
import { type CSSProperties, type KeyboardEvent, useId, useState } from 'react';
import { CalendarIcon, CloseCircleIcon, DoubleLeftIcon, DoubleRightIcon } from '../icons';
import {
  type DisabledYear,
  decadeStart,
  decadeYears,
  formatYear,
  hasNextDecade,
  hasPrevDecade,
  isYearDisabled,
} from './year';

export interface YearPickerProps {
  /** The chosen year, or null/undefined for none. */
  value?: number | null;
  onChange?: (year: number | null) => void;
  /** An extra rule blocking years inside 1969-2098. */
  disabledDate?: DisabledYear;
  placeholder?: string;
  /** Shows the clear icon while a year is chosen (default true). */
  allowClear?: boolean;
  disabled?: boolean;
  /** The year whose panel opens when none is chosen (default 2017, spec-1 section 9). */
  defaultPanelYear?: number;
  id?: string;
  className?: string;
  style?: CSSProperties;
  status?: '' | 'error' | 'warning';
  'aria-label'?: string;
}

/**
 * Spec-1 sections 2, 5 and 9: a year picker with a panel of 10 years, previous and next arrows and a clear icon;
 * only 1969-2098 can be chosen, less what `disabledDate` blocks; the year shows as YYYY.
 */
export function YearPicker({
  value,
  onChange,
  disabledDate,
  placeholder = T.yearPlaceholder,
  allowClear = true,
  disabled = false,
  defaultPanelYear = LIMITS.yearPicker.defaultYear,
  id,
  className,
  style,
  status,
  'aria-label': ariaLabel,
}: YearPickerProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState(() => decadeStart(value ?? defaultPanelYear));

  const show = (next: boolean) => {
    if (disabled) return;
    // Each opening starts on the panel of the chosen year (or the default one).
    if (next) setStart(decadeStart(value ?? defaultPanelYear));
    setOpen(next);
  };
  const choose = (year: number) => {
    onChange?.(year);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') setOpen(false);
    else if ((e.key === 'Enter' || e.key === 'ArrowDown') && !open) {
      e.preventDefault();
      show(true);
    }
  };
  const canClear = allowClear && !disabled && value != null;

  const panel = (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the panel from any of its buttons.
    <div id={panelId} className="zg-year-panel" onKeyDown={onKeyDown}>
      <div className="zg-year-panel__head">
        <Button
          type="text"
          size="small"
          aria-label={T.prevDecade}
          icon={<DoubleLeftIcon />}
          disabled={!hasPrevDecade(start)}
          onClick={() => setStart((s) => s - LIMITS.yearPicker.panelSize)}
        />
        <span className="zg-year-panel__title">{`${start}-${start + LIMITS.yearPicker.panelSize - 1}`}</span>
        <Button
          type="text"
          size="small"
          aria-label={T.nextDecade}
          icon={<DoubleRightIcon />}
          disabled={!hasNextDecade(start)}
          onClick={() => setStart((s) => s + LIMITS.yearPicker.panelSize)}
        />
      </div>
      <div className="zg-year-panel__grid">
        {decadeYears(start).map((year) => (
          <button
            key={year}
            type="button"
            className="zg-year-panel__cell"
            disabled={isYearDisabled(year, disabledDate)}
            aria-pressed={year === value}
            onClick={() => choose(year)}
          >
            {formatYear(year)}
          </button>
        ))}
      </div>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={show}
      trigger="click"
      placement="bottomLeft"
      arrow={false}
      destroyOnHidden
      content={panel}
      classNames={{ root: 'zg-year-popover' }}
    >
      <Input
        id={id}
        readOnly
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        aria-label={ariaLabel}
        className={['zg-year-picker', className].filter(Boolean).join(' ')}
        style={style}
        status={status}
        disabled={disabled}
        value={formatYear(value)}
        placeholder={placeholder}
        onKeyDown={onKeyDown}
        suffix={
          canClear ? (
            <button
              type="button"
              className="zg-year-picker__clear"
              aria-label={T.clearValue}
              onClick={(e) => {
                // Clearing must not open the panel.
                e.stopPropagation();
                onChange?.(null);
                setOpen(false);
              }}
            >
              <CloseCircleIcon />
            </button>
          ) : (
            <CalendarIcon className="zg-year-picker__icon" />
          )
        }
      />
    </Popover>
  );
}
