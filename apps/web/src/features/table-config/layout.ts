import { TABLE_CONFIG_LIMITS, type TableType, TABLE_CONFIG_TEXT as X } from '@zg/contract';

/** What the configuration screen edits: the table's name, type, column titles and preset rows. */
export interface Layout {
  name: string;
  tableType: TableType;
  head: string[];
  rows: string[][];
}

/** Spec-1 section 3's configuration modes: what may be edited. */
export type EditMode = 'head' | 'cell' | 'headAndCell';

export const editsHead = (mode: EditMode) => mode !== 'cell';
export const editsCells = (mode: EditMode) => mode !== 'head';

/** A column added at the end, titled 列N, with an empty cell in every row. */
export function addColumn(l: Layout): Layout {
  if (l.head.length >= TABLE_CONFIG_LIMITS.maxColumns) return l;
  return { ...l, head: [...l.head, X.columnTitle(l.head.length + 1)], rows: l.rows.map((r) => [...r, '']) };
}

/** The layout without column `index` (a table keeps at least one column). */
export function removeColumn(l: Layout, index: number): Layout {
  if (l.head.length <= 1) return l;
  return {
    ...l,
    head: l.head.filter((_, i) => i !== index),
    rows: l.rows.map((r) => r.filter((_, i) => i !== index)),
  };
}

/** An empty preset row at the end (fixed tables only). */
export function addRow(l: Layout): Layout {
  if (l.tableType !== 'fixed' || l.rows.length >= TABLE_CONFIG_LIMITS.maxRows) return l;
  return { ...l, rows: [...l.rows, l.head.map(() => '')] };
}

export function removeRow(l: Layout, index: number): Layout {
  return { ...l, rows: l.rows.filter((_, i) => i !== index) };
}

export function setHead(l: Layout, index: number, text: string): Layout {
  return { ...l, head: l.head.map((h, i) => (i === index ? text : h)) };
}

export function setCell(l: Layout, row: number, col: number, text: string): Layout {
  return { ...l, rows: l.rows.map((r, i) => (i === row ? r.map((c, j) => (j === col ? text : c)) : r)) };
}

/** A floating table has no preset rows; a fixed one starts with one empty row. */
export function setType(l: Layout, tableType: TableType): Layout {
  if (tableType === l.tableType) return l;
  return { ...l, tableType, rows: tableType === 'floating' ? [] : [l.head.map(() => '')] };
}

export function sameLayout(a: Layout, b: Layout): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
