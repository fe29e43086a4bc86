import { type DATA_COLLECTION_API as API, pathOf, type WarehouseField, type WarehouseTable } from '@zg/contract';
import type { CollectionForm, CollectionTask, Constant, ConstantType, FillTask } from './collection.logic';

/** Test data of the 数据采集 web tests (the shapes the server sends). */

/** The path of a data-collection endpoint, with its :id. */
export const at = (e: (typeof API)[keyof typeof API], id?: number) => pathOf(e, id === undefined ? {} : { id });

export const DIRECTORIES = [
  {
    id: 1,
    parentId: null,
    name: '教学',
    sortOrder: 0,
    forms: 2,
    children: [{ id: 2, parentId: 1, name: '专业建设', sortOrder: 0, forms: 1, children: [] }],
  },
];

export function collectionForm(over: Partial<CollectionForm> = {}): CollectionForm {
  return {
    id: 5,
    directoryId: 2,
    name: '专业基本情况',
    tableId: 4,
    tableName: '专业基本情况表',
    tableType: 'fixed',
    tableConfigId: null,
    remark: null,
    fields: [
      {
        fieldId: 41,
        label: '专业代码',
        kind: 'text',
        required: true,
        unique: true,
        constantTypeId: null,
        min: null,
        max: null,
        decimals: null,
        defaultValue: null,
      },
    ],
    version: 1,
    changedSincePublish: false,
    abilities: { edit: true, publish: false, remove: true },
    ...over,
  };
}

export function warehouseTable(over: Partial<WarehouseTable> = {}): WarehouseTable {
  return {
    id: 4,
    ckid: 1,
    ckmc: '教学仓库',
    bm: 'zyjbqk',
    bzwm: '专业基本情况表',
    bz: null,
    sfcj: true,
    zds: 3,
    cjsj: '2026-03-01 08:00:00',
    abilities: { edit: true, createPhysical: false, dropPhysical: true, editData: true },
    ...over,
  };
}

export function warehouseField(
  over: Partial<WarehouseField> & Pick<WarehouseField, 'id' | 'zdm' | 'zdzwm'>,
): WarehouseField {
  return {
    ckbid: 4,
    zdlx: 'text',
    cd: 50,
    xsws: null,
    sfbt: false,
    sfwy: false,
    wdid: null,
    wdmc: null,
    px: over.id,
    ...over,
  };
}

export const TABLE_FIELDS: WarehouseField[] = [
  warehouseField({ id: 41, zdm: 'zydm', zdzwm: '专业代码', sfbt: true, sfwy: true }),
  warehouseField({ id: 42, zdm: 'zymc', zdzwm: '专业名称' }),
  warehouseField({ id: 43, zdm: 'zsrs', zdzwm: '招生人数', zdlx: 'integer', cd: null }),
];

/** Two constant types; 专业类别 has CONSTANTS. */
export const CONSTANT_TYPES: ConstantType[] = [
  { id: 7, code: 'zylb', name: '专业类别', remark: null, constants: 2 },
  { id: 8, code: 'xl', name: '学历', remark: '最高学历', constants: 0 },
];
export const CONSTANTS: Constant[] = [
  { id: 71, typeId: 7, value: '01', label: '工科', sortOrder: 1 },
  { id: 72, typeId: 7, value: '02', label: '文科', sortOrder: 2 },
];

export function collectionTask(over: Partial<CollectionTask> = {}): CollectionTask {
  return {
    id: 9,
    name: '2025 专业基本情况采集',
    formId: 5,
    formName: '专业基本情况',
    formVersion: 1,
    cycle: '2025',
    startDate: '2025-01-01',
    deadline: '2099-12-31',
    closed: false,
    counts: { uncommitted: 1, waitAudit: 1, finished: 1 },
    ...over,
  };
}

const NONE = { save: false, commit: false, withdraw: false, pass: false, reject: false, rollback: false };

export function fillTask(over: Partial<FillTask> = {}): FillTask {
  return {
    id: 21,
    taskId: 9,
    taskName: '2025 专业基本情况采集',
    formName: '专业基本情况',
    cycle: '2025',
    deadline: '2099-12-31',
    closed: false,
    assigneeId: null,
    departmentId: 'D01',
    assigneeName: '教务处',
    auditorId: 'shr01',
    state: 'uncommitted',
    opinion: null,
    synced: false,
    abilities: NONE,
    ...over,
  };
}
export const can = (...actions: (keyof typeof NONE)[]) => ({
  ...NONE,
  ...Object.fromEntries(actions.map((a) => [a, true])),
});
