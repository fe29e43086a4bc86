import { FILL_TEXT as F, FILES_API, INPUT_KIND_NAMES } from '@zg/contract';
import { Button, Input, Popconfirm, Select, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { downloadFrom } from '../../../api/endpoint';
import { ListTable } from '../../../components/ListTable';
import { choiceProblem, uploadFile } from '../../../components/upload/upload-file';
import {
  blankRow,
  type CellPos,
  cellKey,
  type FillField,
  type GridRow,
  moveFrom,
  type Options,
  parseClipboard,
  pasteBlock,
} from '../fill.logic';

/** Rows shown per page; keyboard moves past the page turn it. */
export const GRID_PAGE_SIZE = 50;

const WIDTH: Record<FillField['kind'], number> = {
  text: 160,
  textarea: 220,
  number: 110,
  date: 130,
  select: 150,
  multiSelect: 200,
  yesNo: 90,
  file: 170,
};

export interface FillGridProps {
  fields: readonly FillField[];
  rows: readonly GridRow[];
  onChange?: (rows: GridRow[]) => void;
  /** Each cell's problem, by cellKey. */
  problems?: ReadonlyMap<string, string>;
  options: Options;
  floating: boolean;
  readOnly?: boolean;
  /** Tells the user what a paste did. */
  onNotice?: (text: string, kind: 'info' | 'warning') => void;
  onFail?: (error: unknown) => void;
}

/** The cell's place from the element holding focus (its wrapper carries data-cell="row:col"). */
function posOf(el: Element | null): CellPos | null {
  const cell = el?.closest<HTMLElement>('[data-cell]');
  if (!cell?.dataset.cell) return null;
  const [row, col] = cell.dataset.cell.split(':').map(Number);
  return { row: row!, col: col! };
}

/**
 * The filling grid: one editable cell per form field and row (text, number and date as text boxes, choices and 是否 as
 * selects, files through the file store), a message under each cell that breaks a rule, moves by arrows, Tab and Enter,
 * and a block pasted from Excel spread over the cells from the focused one (a floating table grows to hold it).
 */
export function FillGrid({
  fields,
  rows,
  onChange,
  problems,
  options,
  floating,
  readOnly,
  onNotice,
  onFail,
}: FillGridProps) {
  const box = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(1);
  const pending = useRef<CellPos | null>(null);
  const editable = !readOnly && !!onChange;

  const focusCell = useCallback((pos: CellPos) => {
    const el = box.current?.querySelector(`[data-cell="${pos.row}:${pos.col}"]`);
    const target = el?.querySelector<HTMLElement>('input, textarea, button, [tabindex]');
    if (!target) return false;
    target.focus();
    return true;
  }, []);

  // A move onto another page focuses its cell once that page has rendered.
  useEffect(() => {
    if (pending.current && focusCell(pending.current)) pending.current = null;
  });

  const pages = Math.max(1, Math.ceil(rows.length / GRID_PAGE_SIZE));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const setCell = (row: number, name: string, value: string) => {
    if (!onChange) return;
    const next = rows.map((r) => ({ ...r }));
    next[row] = { ...next[row]!, [name]: value };
    onChange(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const pos = posOf(target);
    if (!pos || e.altKey || e.ctrlKey || e.metaKey) return;
    const combo = target.getAttribute('role') === 'combobox';
    // An open dropdown keeps its keys; a closed select moves only by Tab and the up and down arrows.
    if (combo && (target.getAttribute('aria-expanded') === 'true' || e.key === 'Enter')) return;
    const input = target instanceof HTMLInputElement && !combo ? target : null;
    const next = moveFrom(pos, e.key, {
      shift: e.shiftKey,
      rows: rows.length,
      cols: fields.length,
      caretAtStart: combo ? true : input ? input.selectionStart === 0 && input.selectionEnd === 0 : undefined,
      caretAtEnd: combo
        ? true
        : input
          ? input.selectionStart === input.value.length && input.selectionEnd === input.value.length
          : undefined,
    });
    if (!next) return;
    e.preventDefault();
    e.stopPropagation();
    const nextPage = Math.floor(next.row / GRID_PAGE_SIZE) + 1;
    if (nextPage !== page) {
      pending.current = next;
      setPage(nextPage);
    } else focusCell(next);
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    if (!editable) return;
    const pos = posOf(e.target as HTMLElement);
    const text = e.clipboardData.getData('text/plain');
    if (!pos || !/[\t\n]/.test(text.replace(/\r?\n$/, ''))) return;
    e.preventDefault();
    const block = parseClipboard(text);
    const done = pasteBlock(rows, fields, pos, block, { floating, options });
    onChange?.(done.rows);
    if (done.cut) onNotice?.(F.pastedTooMany, 'warning');
    else onNotice?.(F.pastedRows(done.pastedRows, done.pastedCols), 'info');
  };

  const removeRow = (i: number) => {
    const next = rows.filter((_, j) => j !== i);
    onChange?.(next.length ? next : [blankRow(fields)]);
  };

  const columns: TableColumnsType<{ key: number; row: GridRow }> = [
    {
      title: F.rowNo,
      key: '_no',
      width: floating && editable ? 96 : 64,
      fixed: 'left',
      render: (_: unknown, { key }) => (
        <Space size={4}>
          <span>{key + 1}</span>
          {floating && editable && (
            <Popconfirm title={F.removeRowConfirm(key + 1)} onConfirm={() => removeRow(key)}>
              <Button type="link" size="small" danger aria-label={`${F.removeRow}第 ${key + 1} 行`}>
                {F.removeRow}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
    ...fields.map((f, col) => ({
      title: (
        <Tooltip title={INPUT_KIND_NAMES[f.kind]}>
          <span>
            {f.required && <span style={{ color: '#ff4d4f', marginRight: 2 }}>*</span>}
            {f.label}
          </span>
        </Tooltip>
      ),
      key: f.name,
      width: WIDTH[f.kind],
      render: (_: unknown, { key, row }: { key: number; row: GridRow }) => {
        const problem = problems?.get(cellKey(key, f.name));
        return (
          <div data-cell={`${key}:${col}`}>
            <Cell
              field={f}
              value={row[f.name] ?? ''}
              label={`第 ${key + 1} 行${f.label}`}
              problem={problem}
              options={f.constantTypeId ? options.get(f.constantTypeId) : undefined}
              readOnly={!editable}
              onChange={(v) => setCell(key, f.name, v)}
              onFail={onFail}
            />
            {problem && (
              <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} role="alert">
                {problem}
              </Typography.Text>
            )}
          </div>
        );
      },
    })),
  ];

  return (
    <div ref={box} onKeyDownCapture={onKeyDown} onPasteCapture={onPaste}>
      <ListTable
        size="small"
        bordered
        aria-label={F.fill}
        columns={columns}
        rowKey="key"
        rows={rows.map((row, key) => ({ key, row }))}
        scroll={{ x: 'max-content' }}
        empty={editable ? F.emptyRows : F.emptyRowsReadOnly}
        pager={{ current: page, total: rows.length, pageSize: GRID_PAGE_SIZE, onChange: setPage }}
      />
    </div>
  );
}

interface CellProps {
  field: FillField;
  value: string;
  label: string;
  problem?: string;
  options?: Map<string, string>;
  readOnly: boolean;
  onChange: (value: string) => void;
  onFail?: (error: unknown) => void;
}

const yesNoOptions = [
  { value: F.yes, label: F.yes },
  { value: F.no, label: F.no },
];

/** One cell's editor (or its text when read only). */
function Cell({ field, value, label, problem, options, readOnly, onChange, onFail }: CellProps): ReactNode {
  const status = problem ? 'error' : undefined;
  const choices = options ? [...options].map(([v, l]) => ({ value: v, label: l })) : [];
  if (field.kind === 'file')
    return <FileCell value={value} label={label} readOnly={readOnly} onChange={onChange} onFail={onFail} />;
  if (readOnly) {
    const shown =
      field.kind === 'select' || field.kind === 'multiSelect'
        ? value
            .split(',')
            .filter(Boolean)
            .map((v) => options?.get(v) ?? v)
            .join('、')
        : value;
    return <span title={label}>{shown || '—'}</span>;
  }
  if (field.kind === 'select' || field.kind === 'yesNo') {
    if (field.kind === 'select' && !options)
      return (
        <Input
          size="small"
          aria-label={label}
          status={status}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    return (
      <Select
        size="small"
        aria-label={label}
        status={status}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={F.select}
        style={{ width: '100%' }}
        value={value || undefined}
        options={field.kind === 'yesNo' ? yesNoOptions : choices}
        onChange={(v: string | undefined) => onChange(v ?? '')}
      />
    );
  }
  if (field.kind === 'multiSelect' && options)
    return (
      <Select
        size="small"
        mode="multiple"
        aria-label={label}
        status={status}
        allowClear
        optionFilterProp="label"
        placeholder={F.select}
        style={{ width: '100%' }}
        value={value ? value.split(',') : []}
        options={choices}
        onChange={(v: string[]) => onChange(v.join(','))}
      />
    );
  return (
    <Input
      size="small"
      aria-label={label}
      status={status}
      value={value}
      placeholder={field.kind === 'date' ? F.datePlaceholder : undefined}
      inputMode={field.kind === 'number' ? 'decimal' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A file field: upload through the file store (the cell keeps the file's id), download, remove. */
function FileCell({
  value,
  label,
  readOnly,
  onChange,
  onFail,
}: Pick<CellProps, 'value' | 'label' | 'readOnly' | 'onChange' | 'onFail'>) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = choiceProblem([file], 0, { maxCount: 1 });
    if (problem) {
      onFail?.(new Error(problem));
      return;
    }
    setPercent(0);
    try {
      const stored = await uploadFile(file, { onProgress: (p) => setPercent(p) });
      onChange(stored.fileId);
    } catch (error) {
      onFail?.(error);
    } finally {
      setPercent(null);
    }
  };
  const download = value ? (
    <Button
      type="link"
      size="small"
      onClick={() => downloadFrom(FILES_API.download, { query: { id: value } }).catch((e) => onFail?.(e))}
    >
      {F.download}
    </Button>
  ) : (
    <span>{F.noFile}</span>
  );
  if (readOnly) return <span title={label}>{download}</span>;
  return (
    <Space size={2}>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={`${label}${F.upload}`}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button
        size="small"
        loading={percent !== null}
        onClick={() => input.current?.click()}
        aria-label={`${label}${F.upload}`}
      >
        {percent !== null ? `${percent}%` : F.upload}
      </Button>
      {value && download}
      {value && (
        <Button type="link" size="small" danger onClick={() => onChange('')}>
          {F.removeFile}
        </Button>
      )}
    </Space>
  );
}
