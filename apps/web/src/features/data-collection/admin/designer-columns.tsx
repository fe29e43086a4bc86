import { COLLECTION_TEXT as C, COLLECTION_LIMITS, FIELD_TYPE_NAMES, INPUT_KIND_NAMES } from '@zg/contract';
import {
  Button,
  Checkbox,
  Input,
  InputNumber,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type DesignerRow, isChoice, kindsFor, moveRow, toggleBound, withKind } from '../designer.logic';
import '../data-collection.css';

/**
 * The designer's field lines as table columns: bound, the table's column (type, required, unique), the label, the
 * input kind, required, unique, the constant type or min/max/decimals, the default and the order.
 */
export function designerColumns({
  rows,
  change,
  patch,
  constantOptions,
}: {
  rows: DesignerRow[] | null;
  change: (next: DesignerRow[]) => void;
  patch: (fieldId: number, over: Partial<DesignerRow>) => void;
  constantOptions: { value: number; label: string }[];
}): TableColumnsType<DesignerRow> {
  return [
    {
      title: C.bind,
      key: 'bound',
      width: 56,
      render: (_v, r) => (
        <Tooltip title={r.tableRequired ? C.tableRule : undefined}>
          <Checkbox
            aria-label={`${C.bind} ${r.columnLabel}`}
            checked={r.bound}
            disabled={r.tableRequired}
            onChange={(e) => rows && change(toggleBound(rows, r.fieldId, e.target.checked))}
          />
        </Tooltip>
      ),
    },
    {
      title: C.column,
      key: 'column',
      width: 180,
      render: (_v, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.columnLabel}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${r.column} · ${FIELD_TYPE_NAMES[r.type]}`}
          </Typography.Text>
          {(r.tableRequired || r.tableUnique) && (
            <Space size={2}>
              {r.tableRequired && <Tag color="red">{C.required}</Tag>}
              {r.tableUnique && <Tag color="blue">{C.unique}</Tag>}
            </Space>
          )}
        </Space>
      ),
    },
    {
      title: C.label,
      key: 'label',
      width: 160,
      render: (_v, r) => (
        <Input
          aria-label={`${C.label} ${r.columnLabel}`}
          value={r.label}
          disabled={!r.bound}
          maxLength={COLLECTION_LIMITS.nameMax}
          status={r.bound && !r.label.trim() ? 'error' : undefined}
          onChange={(e) => patch(r.fieldId, { label: e.target.value })}
        />
      ),
    },
    {
      title: C.kind,
      key: 'kind',
      width: 130,
      render: (_v, r) => (
        <Select
          aria-label={`${C.kind} ${r.columnLabel}`}
          value={r.kind}
          disabled={!r.bound}
          style={{ width: '100%' }}
          options={kindsFor(r.type).map((k) => ({ value: k, label: INPUT_KIND_NAMES[k] }))}
          onChange={(k) => rows && change(rows.map((x) => (x.fieldId === r.fieldId ? withKind(x, k) : x)))}
        />
      ),
    },
    {
      title: C.required,
      key: 'required',
      width: 56,
      render: (_v, r) => (
        <Checkbox
          aria-label={`${C.required} ${r.columnLabel}`}
          checked={r.required || r.tableRequired}
          disabled={!r.bound || r.tableRequired}
          onChange={(e) => patch(r.fieldId, { required: e.target.checked })}
        />
      ),
    },
    {
      title: C.unique,
      key: 'unique',
      width: 56,
      render: (_v, r) => (
        <Checkbox
          aria-label={`${C.unique} ${r.columnLabel}`}
          checked={r.unique || r.tableUnique}
          disabled={!r.bound || r.tableUnique}
          onChange={(e) => patch(r.fieldId, { unique: e.target.checked })}
        />
      ),
    },
    {
      title: `${C.constantType} / ${C.min}、${C.max}、${C.decimals}`,
      key: 'settings',
      width: 260,
      render: (_v, r) =>
        isChoice(r.kind) ? (
          <Select
            aria-label={`${C.constantType} ${r.columnLabel}`}
            placeholder={C.constantType}
            value={r.constantTypeId ?? undefined}
            disabled={!r.bound}
            style={{ width: '100%' }}
            status={r.bound && r.constantTypeId === null ? 'error' : undefined}
            options={constantOptions}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(v: number) => patch(r.fieldId, { constantTypeId: v })}
          />
        ) : r.kind === 'number' ? (
          <Space size={4}>
            <InputNumber
              aria-label={`${C.min} ${r.columnLabel}`}
              placeholder={C.min}
              value={r.min}
              disabled={!r.bound}
              style={{ width: 80 }}
              onChange={(v) => patch(r.fieldId, { min: v ?? null })}
            />
            <InputNumber
              aria-label={`${C.max} ${r.columnLabel}`}
              placeholder={C.max}
              value={r.max}
              disabled={!r.bound}
              style={{ width: 80 }}
              onChange={(v) => patch(r.fieldId, { max: v ?? null })}
            />
            <InputNumber
              aria-label={`${C.decimals} ${r.columnLabel}`}
              placeholder={C.decimals}
              value={r.decimals}
              disabled={!r.bound || r.type === 'integer'}
              min={0}
              max={10}
              precision={0}
              style={{ width: 72 }}
              onChange={(v) => patch(r.fieldId, { decimals: v ?? null })}
            />
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: C.defaultValue,
      key: 'default',
      width: 130,
      render: (_v, r) => (
        <Input
          aria-label={`${C.defaultValue} ${r.columnLabel}`}
          value={r.defaultValue}
          disabled={!r.bound}
          maxLength={500}
          onChange={(e) => patch(r.fieldId, { defaultValue: e.target.value })}
        />
      ),
    },
    {
      title: C.order,
      key: 'move',
      width: 110,
      render: (_v, r) =>
        r.bound ? (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              aria-label={`${C.moveUp} ${r.columnLabel}`}
              onClick={() => rows && change(moveRow(rows, r.fieldId, -1))}
            >
              {C.moveUp}
            </Button>
            <Button
              type="link"
              size="small"
              aria-label={`${C.moveDown} ${r.columnLabel}`}
              onClick={() => rows && change(moveRow(rows, r.fieldId, 1))}
            >
              {C.moveDown}
            </Button>
          </Space>
        ) : null,
    },
  ];
}
