import { describe, expect, it } from 'vitest';
import { importProblems } from './import-problems';

describe('the import report', () => {
  it('splits the server refusal into its summary and one line per row', () => {
    expect(
      importProblems('导入失败，共2处错误，未导入任何数据：第3行：任务名称不能为空；第4行：结束时间不能早于开始时间'),
    ).toEqual({
      summary: '导入失败，共2处错误，未导入任何数据',
      rows: ['第3行：任务名称不能为空', '第4行：结束时间不能早于开始时间'],
    });
    expect(importProblems('表头与模板不一致，请下载最新模板')).toEqual({
      summary: '表头与模板不一致，请下载最新模板',
      rows: [],
    });
  });
});
