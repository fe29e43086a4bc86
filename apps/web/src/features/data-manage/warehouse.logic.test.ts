import type { ImportJob, WarehouseField } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { tabOf } from './DataManagePage';
import { idParam } from './WarehouseSection';
import {
  cellText,
  defaultOp,
  filtersParam,
  formValuesOf,
  jobProgress,
  jobRunning,
  opsFor,
  rowPayload,
  typeText,
  valueProblem,
} from './warehouse.logic';

const field = (zdm: string, zdlx: WarehouseField['zdlx'], more: Partial<WarehouseField> = {}): WarehouseField => ({
  id: 1,
  ckbid: 1,
  zdm,
  zdzwm: zdm,
  zdlx,
  cd: null,
  xsws: null,
  sfbt: false,
  sfwy: false,
  wdid: null,
  wdmc: null,
  px: 0,
  ...more,
});

describe('filters', () => {
  it('offers each type the operators the server takes', () => {
    expect(opsFor('text')).toEqual(['contains', 'eq', 'empty', 'notEmpty']);
    expect(opsFor('integer')).toEqual(['eq', 'gte', 'lte', 'empty', 'notEmpty']);
    expect(opsFor('date')).toEqual(['eq', 'gte', 'lte', 'empty', 'notEmpty']);
    expect(opsFor('boolean')).toEqual(['eq', 'empty', 'notEmpty']);
    expect(defaultOp('text')).toBe('contains');
    expect(defaultOp('decimal')).toBe('eq');
  });

  it('sends the filters with a value (or needing none) as a JSON array, and nothing when none is ready', () => {
    expect(filtersParam([])).toBeUndefined();
    expect(
      filtersParam([
        { field: '', op: 'eq', value: '1' },
        { field: 'xm', op: 'contains', value: '  ' },
      ]),
    ).toBe(undefined);
    expect(
      JSON.parse(
        filtersParam([
          { field: 'xm', op: 'contains', value: '张' },
          { field: 'nl', op: 'gte', value: undefined },
          { field: 'rxrq', op: 'empty', value: 'ignored' },
          { field: 'zx', op: 'eq', value: false },
        ])!,
      ),
    ).toEqual([
      { field: 'xm', op: 'contains', value: '张' },
      { field: 'rxrq', op: 'empty' },
      { field: 'zx', op: 'eq', value: false },
    ]);
  });
});

describe('row values', () => {
  const fields = [field('xm', 'text'), field('nl', 'integer'), field('zx', 'boolean')];

  it('shows yes/no as 是/否 and empty as a dash', () => {
    expect(cellText(fields[2]!, true)).toBe('是');
    expect(cellText(fields[2]!, false)).toBe('否');
    expect(cellText(fields[0]!, null)).toBe('—');
    expect(cellText(fields[1]!, '18')).toBe('18');
  });

  it('fills the form from a row and sends trimmed values, empty as null', () => {
    expect(formValuesOf(fields, { id: 1, xm: '张三', nl: null, zx: false })).toEqual({ xm: '张三', nl: '', zx: false });
    expect(formValuesOf(fields, null)).toEqual({ xm: '', nl: '', zx: undefined });
    expect(rowPayload(fields, { xm: ' 李四 ', nl: '', zx: undefined })).toEqual({ xm: '李四', nl: null, zx: null });
    expect(rowPayload(fields, { xm: 'a', nl: '7', zx: true })).toEqual({ xm: 'a', nl: '7', zx: true });
  });

  it('names a type with its length or digits', () => {
    expect(typeText({ zdlx: 'text', cd: 20, xsws: null })).toBe('文本(20)');
    expect(typeText({ zdlx: 'text', cd: null, xsws: null })).toBe('文本');
    expect(typeText({ zdlx: 'decimal', cd: null, xsws: null })).toBe('小数(18,2)');
    expect(typeText({ zdlx: 'decimal', cd: 5, xsws: 1 })).toBe('小数(5,1)');
    expect(typeText({ zdlx: 'date', cd: null, xsws: null })).toBe('日期');
  });
});

describe('import progress', () => {
  it('reads the job: uploading, queued, counting, rows read, done at 100, failed or interrupted where it stopped', () => {
    const job = (state: ImportJob['state'], done: number, total: number | null, step: string | null = null) => ({
      state,
      done,
      total,
      step,
      percent: total ? Math.floor((done / total) * 100) : 0,
    });
    expect(jobProgress(null)).toMatchObject({ percent: 0, status: 'active' });
    expect(jobProgress(job('queued', 0, null)).text).toBe('排队中');
    expect(jobProgress(job('running', 0, null, '正在读取文件')).text).toBe('正在读取文件');
    expect(jobProgress(job('running', 420, 1000, '正在导入'))).toEqual({
      percent: 42,
      status: 'active',
      text: '已处理 420 / 1000 行',
    });
    expect(jobProgress({ ...job('done', 1000, 1000), percent: 100 })).toMatchObject({
      percent: 100,
      status: 'success',
    });
    expect(jobProgress(job('failed', 300, 1000))).toMatchObject({ percent: 30, status: 'exception' });
    expect(jobProgress(job('interrupted', 300, 1000))).toEqual({ percent: 30, status: 'exception', text: '已中断' });
    expect(jobRunning(null)).toBe(true);
    expect(jobRunning({ state: 'queued' })).toBe(true);
    expect(jobRunning({ state: 'running' })).toBe(true);
    expect(jobRunning({ state: 'failed' })).toBe(false);
    expect(jobRunning({ state: 'interrupted' })).toBe(false);
  });
});

describe('addresses', () => {
  it('takes whole positive ids only', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('1e3')).toBeNull();
    expect(idParam('99999999999')).toBeNull();
    expect(idParam(undefined)).toBeNull();
  });
  it('finds the tab from the address, the first one otherwise', () => {
    expect(tabOf('/dataManage')).toBe('library');
    expect(tabOf('/dataManage/warehouse/3/table/4/data')).toBe('warehouse');
    expect(tabOf('/dataManage/tables')).toBe('tables');
    expect(tabOf('/dataManage/nothing')).toBe('library');
  });
});

describe('valueProblem: the row dialog checks a value as it is typed, by the warehouse rule the server applies', () => {
  it('refuses what does not fit the type, in Chinese naming the field', () => {
    const age = field('nl', 'integer', { zdzwm: '年龄' });
    expect(valueProblem(age, '20x5')).toBe('年龄应为整数');
    expect(valueProblem(age, '6.5')).toBe('年龄应为整数');
    expect(valueProblem(age, ' 20 ')).toBeNull();
    const score = field('cj', 'decimal', { zdzwm: '成绩', cd: 5, xsws: 1 });
    expect(valueProblem(score, 'abc')).toBe('成绩应为数字');
    expect(valueProblem(score, '12345.6')).toBe('成绩整数部分最多4位，小数部分最多1位');
    expect(valueProblem(score, '98.5')).toBeNull();
    const day = field('rq', 'date', { zdzwm: '入学日期' });
    expect(valueProblem(day, '2026-02-30')).toBe('入学日期日期格式不正确，应为 YYYY-MM-DD');
    expect(valueProblem(day, '2026-02-28')).toBeNull();
    const name = field('xm', 'text', { zdzwm: '姓名', cd: 4 });
    expect(valueProblem(name, '欧阳娜娜娜')).toBe('姓名不能超过4个字符');
  });

  it('asks for a required value, and lets an optional one stay empty', () => {
    expect(valueProblem(field('xm', 'text', { zdzwm: '姓名', sfbt: true }), '  ')).toBe('请填写姓名');
    expect(valueProblem(field('xm', 'text', { zdzwm: '姓名' }), '')).toBeNull();
    expect(valueProblem(field('zx', 'boolean', { zdzwm: '在校', sfbt: true }), undefined)).toBe('请填写在校');
    expect(valueProblem(field('zx', 'boolean', { zdzwm: '在校', sfbt: true }), false)).toBeNull();
  });
});
