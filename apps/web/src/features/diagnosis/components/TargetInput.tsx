import type { QualityRow } from '@zg/contract';
import { DIAGNOSIS_TEXT as T } from '@zg/contract';
import { InputNumber, Select } from 'antd';
import { valueInput } from '../diagnosis.logic';

/**
 * A value of one row (its target, or a result entered or revised) as the person in charge types it, by the row's
 * value type (spec-2 §5): a number (percent with a % suffix; out-of-range values are said beside the field, not
 * clamped), 无(0)/有(1), 否(0)/是(1), or the level list.
 */
export function TargetInput({
  row,
  value,
  onChange,
  invalid,
  label: what = T.target,
}: {
  row: QualityRow;
  /** What the value is (目标值 by default; 结果值, 修正结果值 ...): the field is named 「质控点 what」. */
  label?: string;
  value: string | null;
  onChange: (v: string | null) => void;
  invalid?: boolean;
}) {
  const input = valueInput(row);
  const label = `${row.zkdmc} ${what}`;
  if (input.kind === 'choice')
    return (
      <Select
        aria-label={label}
        allowClear
        placeholder={row.zlx === 'levels' ? T.levelPick : undefined}
        status={invalid ? 'error' : undefined}
        style={{ width: 120 }}
        value={value ?? undefined}
        onChange={(v?: string) => onChange(v ?? null)}
        options={input.options}
      />
    );
  return (
    <InputNumber<string>
      aria-label={label}
      stringMode
      suffix={input.suffix}
      status={invalid ? 'error' : undefined}
      style={{ width: 120 }}
      value={value ?? null}
      onChange={(v) => onChange(v === null || v === '' ? null : String(v))}
    />
  );
}
