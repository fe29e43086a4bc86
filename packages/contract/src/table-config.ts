import { z } from 'zod';
import { LIMITS } from './constants';
import { int32 } from './primitives';

/**
 * Table configuration (表格配置, spec-1 section 2 `/tableConfiguration/{id}`): the layout of a collection form's
 * table. A floating table (浮动表) has fixed columns and rows the filler adds; a fixed table (固定表) fixes its rows
 * too, with preset cell text.
 */
export const TABLE_TYPES = ['floating', 'fixed'] as const;
export type TableType = (typeof TABLE_TYPES)[number];

export const TABLE_CONFIG_LIMITS = { maxColumns: 30, maxRows: 100, nameMax: 60 } as const;

export const TABLE_CONFIG_MSG = {
  notFound: '表格配置不存在或已被删除',
  stale: '表格配置已被他人修改，请刷新后再保存',
  saved: '保存成功',
  created: '新建成功',
  deleted: '删除成功',
  readOnly: (creator: string | null) => `此表格配置由${creator ?? '他人'}创建，仅创建人或系统管理员可修改`,
  nameRequired: '请输入表格名称',
  tooManyColumns: `表格最多 ${TABLE_CONFIG_LIMITS.maxColumns} 列`,
  tooManyRows: `表格最多 ${TABLE_CONFIG_LIMITS.maxRows} 行`,
  columnRequired: '表格至少需要 1 列',
  headRequired: '表头不能为空',
  cellTooLong: `单元格内容最多 ${LIMITS.editableCellMaxLength} 个字符`,
  rowShape: '每一行的单元格数必须与表头列数一致',
  floatingRows: '浮动表没有预设行',
} as const;

/** Texts of the table configuration screen. */
export const TABLE_CONFIG_TEXT = {
  listTab: '表格配置',
  pageTitle: '表格配置',
  create: '新建表格',
  open: '配置',
  view: '查看',
  nameLabel: '表格名称',
  typeLabel: '表格类型',
  types: { floating: '浮动表', fixed: '固定表' } as Record<TableType, string>,
  /** Spec-1 section 3: configuration modes head, cell, head-and-cell. */
  editModeLabel: '配置内容',
  editModes: { head: '表头', cell: '单元格', headAndCell: '表头和单元格' },
  /** Spec-1 section 3: form modes normal and preview. */
  preview: '预览',
  backToEdit: '返回编辑',
  backToTable: '返回表格',
  /** The way back from the screen (outside the signed-in layout) to the list it was opened from. */
  backToList: '返回表格列表',
  /** The screen opened in a window of its own (the form designer's 打开表格配置): closing it returns to the designer. */
  closeWindow: '关闭窗口',
  addColumn: '添加列',
  removeColumn: '删除本列',
  addRow: '添加行',
  removeRow: '删除本行',
  save: '保存',
  columnTitle: (n: number) => `列${n}`,
  headCellLabel: (n: number) => `第${n}列表头`,
  cellLabel: (row: number, col: number) => `第${row}行第${col}列`,
  floatingHint: '浮动表由填报人逐行添加数据，这里只配置表头',
  previewHint: '填报人看到的表格',
  fillHere: '（填报）',
  updatedBy: '最后修改',
  createdBy: '创建人',
  empty: '暂无表格配置',
  unsaved: '有未保存的修改',
  columnsCount: '列数',
  rowsCount: '行数',
  updateTime: '修改时间',
  deleteConfirm: '确定删除该表格配置吗？',
  delete: '删除',
} as const;

const cell = z.string().max(LIMITS.editableCellMaxLength, TABLE_CONFIG_MSG.cellTooLong);

/** What the signed-in user may do with a configuration: its creator and administrators change it, others only read. */
export const TableConfigAbilitiesSchema = z
  .object({
    canEdit: z.boolean().describe('可修改 / may edit'),
    canDelete: z.boolean().describe('可删除 / may delete'),
  })
  .describe('当前用户的权限（创建人或系统管理员可修改、删除） / what the user may do');
export type TableConfigAbilities = z.infer<typeof TableConfigAbilitiesSchema>;

export const TableConfigSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('表格名称 / name'),
  tableType: z.enum(TABLE_TYPES).describe('表格类型：floating 浮动表 / fixed 固定表'),
  head: z.array(z.string()).describe('表头，每列一项 / column titles'),
  rows: z.array(z.array(z.string())).describe('固定表的预设行（每行与表头等长） / preset rows of a fixed table'),
  version: z.number().int().describe('版本号（乐观锁） / version'),
  createdByName: z.string().nullable().describe('创建人 / creator'),
  updatedByName: z.string().nullable().describe('最后修改人 / last editor'),
  updateTime: z.string().describe('修改时间 / updated at'),
  abilities: TableConfigAbilitiesSchema,
});
export type TableConfig = z.infer<typeof TableConfigSchema>;

export const TableConfigListItemSchema = TableConfigSchema.pick({
  id: true,
  name: true,
  tableType: true,
  createdByName: true,
  updatedByName: true,
  updateTime: true,
  abilities: true,
}).extend({
  columns: z.number().int().describe('列数 / columns'),
  rowCount: z.number().int().describe('行数 / rows'),
});
export type TableConfigListItem = z.infer<typeof TableConfigListItemSchema>;

export const TableConfigInsertSchema = z.object({
  name: z.string().trim().min(1, TABLE_CONFIG_MSG.nameRequired).max(TABLE_CONFIG_LIMITS.nameMax),
  tableType: z.enum(TABLE_TYPES),
});

export const TableConfigUpdateSchema = z
  .object({
    id: int32().positive(),
    version: int32().describe('读取时的版本号 / version read'),
    name: z.string().trim().min(1, TABLE_CONFIG_MSG.nameRequired).max(TABLE_CONFIG_LIMITS.nameMax),
    tableType: z.enum(TABLE_TYPES),
    head: z
      .array(cell.trim().min(1, TABLE_CONFIG_MSG.headRequired))
      .min(1, TABLE_CONFIG_MSG.columnRequired)
      .max(TABLE_CONFIG_LIMITS.maxColumns, TABLE_CONFIG_MSG.tooManyColumns),
    rows: z.array(z.array(cell)).max(TABLE_CONFIG_LIMITS.maxRows, TABLE_CONFIG_MSG.tooManyRows),
  })
  .superRefine((v, ctx) => {
    if (v.tableType === 'floating' && v.rows.length > 0)
      ctx.addIssue({ code: 'custom', path: ['rows'], message: TABLE_CONFIG_MSG.floatingRows });
    if (v.rows.some((r) => r.length !== v.head.length))
      ctx.addIssue({ code: 'custom', path: ['rows'], message: TABLE_CONFIG_MSG.rowShape });
  });
export type TableConfigUpdate = z.infer<typeof TableConfigUpdateSchema>;
