import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DATA_COLLECTION_API as API, EXCEL_MSG } from '@zg/contract';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi, stubXhr } from '../../test/attachments';
import { failed, loginRecord, ok } from '../../test/fixtures';
import { btn, catchSavedFiles, dialogTitled, mountedAt, sentJson, stubApi } from '../../test/pages';
import { at, CONSTANT_TYPES, CONSTANTS } from './collection-test-data';
import DataCollectionPage from './DataCollectionPage';

const atPath = (path: string, ui: ReactNode) => mountedAt('/dataCollection/*', path, ui);

describe('常量管理', () => {
  it('shows the values of the chosen type, adds one, and deletes the ticked ones after confirming', async () => {
    const added: unknown[] = [];
    const deleted: unknown[] = [];
    stubApi({
      [at(API.constantTypeList)]: () => ok(CONSTANT_TYPES),
      [at(API.constantList)]: (_i, url) => ok(url.searchParams.get('typeId') === '7' ? CONSTANTS : []),
      [at(API.constantInsert)]: (init) => {
        added.push(sentJson(init));
        return ok({ id: 73, ...sentJson(init) });
      },
      [at(API.constantsDelete)]: (init) => {
        deleted.push(sentJson(init));
        return ok(null);
      },
    });
    renderUi(atPath('/dataCollection/constants', <DataCollectionPage />), loginRecord);
    expect(await screen.findByText('请先在左侧选择一个常量类型')).toBeTruthy();
    fireEvent.click(await screen.findByText('专业类别'));
    expect(await screen.findByText('工科')).toBeTruthy();
    expect(screen.getByText('常量：专业类别')).toBeTruthy();

    fireEvent.click(btn('新增常量'));
    const dialog = await dialogTitled('新增常量');
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText('请输入常量值')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('常量值'), { target: { value: '03' } });
    fireEvent.change(within(dialog).getByLabelText('显示名称'), { target: { value: '医学' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(added).toEqual([{ typeId: 7, value: '03', label: '医学', sortOrder: 0 }]));

    const rows = Array.from(document.querySelectorAll('table[aria-label="常量"] tbody tr.ant-table-row'));
    for (const row of rows) fireEvent.click(row.querySelector('input[type="checkbox"]')!);
    fireEvent.click(btn('批量删除'));
    const confirm = await dialogTitled('确定删除选中的 2 个常量吗？');
    expect(deleted).toEqual([]);
    fireEvent.click(btn('确定', confirm));
    await waitFor(() => expect(deleted).toEqual([{ ids: [71, 72] }]));
  });

  it('adds a constant type, refusing a code that is not one', async () => {
    const sent: unknown[] = [];
    stubApi({
      [at(API.constantTypeList)]: () => ok(CONSTANT_TYPES),
      [at(API.constantList)]: () => ok([]),
      [at(API.constantTypeInsert)]: (init) => {
        sent.push(sentJson(init));
        return ok({ id: 9, constants: 0, ...sentJson(init) });
      },
    });
    renderUi(atPath('/dataCollection/constants', <DataCollectionPage />), loginRecord);
    fireEvent.click(await waitFor(() => btn('新增类型')));
    const dialog = await dialogTitled('新增类型');
    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: '1类' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '职称' } });
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText('编码只能包含字母、数字、下划线和减号，且以字母开头')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('编码'), { target: { value: 'zc' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(sent).toEqual([{ code: 'zc', name: '职称', remark: null }]));
  });

  it('downloads the template, and lists every bad row of a refused import', async () => {
    const saved = catchSavedFiles();
    stubApi(
      { [at(API.constantTypeList)]: () => ok(CONSTANT_TYPES) },
      {
        [at(API.constantTemplate)]: () => ({
          name: '常量导入模板.xlsx',
          bytes: new Uint8Array([80, 75]),
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
      },
    );
    const uploads = stubXhr(() =>
      failed(
        400,
        `${EXCEL_MSG.importFailed(2)}${[
          EXCEL_MSG.cell(3, '常量类型编码', '常量类型不存在', 'nope'),
          EXCEL_MSG.cell(4, '常量值', '不能为空'),
        ].join('；')}`,
      ),
    );
    renderUi(atPath('/dataCollection/constants', <DataCollectionPage />), loginRecord);
    fireEvent.click(await waitFor(() => btn('下载模板')));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['常量导入模板.xlsx']));

    fireEvent.click(btn('导入常量'));
    const file = new File(['x'], '常量.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(await screen.findByTestId('single-file-input'), { target: { files: [file] } });
    fireEvent.click(btn('确定', await dialogTitled('导入常量')));
    const report = await dialogTitled('导入失败');
    expect(uploads).toHaveLength(1);
    expect(within(report).getByText('导入失败，共2处错误，未导入任何数据')).toBeTruthy();
    const rows = within(report).getByRole('list', { name: '导入失败' });
    const lines = within(rows)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      EXCEL_MSG.cell(3, '常量类型编码', '常量类型不存在', 'nope'),
      EXCEL_MSG.cell(4, '常量值', '不能为空'),
    ]);
  });

  it('reports a good import and refreshes the types', async () => {
    let listed = 0;
    stubApi({
      [at(API.constantTypeList)]: () => {
        listed += 1;
        return ok(CONSTANT_TYPES);
      },
    });
    stubXhr(() => ok({ count: 12 }, '已导入 12 个常量'));
    renderUi(atPath('/dataCollection/constants', <DataCollectionPage />), loginRecord);
    fireEvent.click(await waitFor(() => btn('导入常量')));
    const file = new File(['x'], '常量.xlsx');
    fireEvent.change(await screen.findByTestId('single-file-input'), { target: { files: [file] } });
    fireEvent.click(btn('确定', await dialogTitled('导入常量')));
    expect(await screen.findByText('已导入 12 个常量')).toBeTruthy();
    await waitFor(() => expect(listed).toBe(2));
  });
});

/* 常量管理's rows: 修改 opens on the record, 删除 asks first. */

/** The open Popconfirm asking `question`. */
async function popconfirmWith(question: string) {
  return (await screen.findByText(question)).closest('.ant-popover') as HTMLElement;
}
const fieldValue = (label: string, root: HTMLElement) => (within(root).getByLabelText(label) as HTMLInputElement).value;

describe('常量管理 rows', () => {
  it('edits a constant type on its values and deletes one after confirming, without choosing the row', async () => {
    const updated: unknown[] = [];
    const deleted: string[] = [];
    stubApi({
      [at(API.constantTypeList)]: () => ok(CONSTANT_TYPES),
      [at(API.constantList)]: () => ok([]),
      [at(API.constantTypeUpdate)]: (init) => {
        updated.push(sentJson(init));
        return ok({ constants: 0, ...sentJson(init) });
      },
      [at(API.constantTypeDelete, 8)]: (_i, url) => {
        deleted.push(url.pathname);
        return ok(null);
      },
    });
    renderUi(atPath('/dataCollection/constants', <DataCollectionPage />), loginRecord);

    fireEvent.click(await waitFor(() => btn('修改 学历')));
    const dialog = await dialogTitled('修改类型');
    expect(fieldValue('编码', dialog)).toBe('xl');
    expect(fieldValue('名称', dialog)).toBe('学历');
    expect(fieldValue('说明', dialog)).toBe('最高学历');
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: ' 最高学历 ' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(updated).toEqual([{ code: 'xl', name: '最高学历', remark: '最高学历', id: 8 }]));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    // The saved type is the chosen one.
    expect(await screen.findByText('常量：学历')).toBeTruthy();

    fireEvent.click(btn('删除 专业类别'));
    // The button's click does not choose its row.
    expect(screen.queryByText('常量：专业类别')).toBeNull();
    expect(screen.getByText('常量：学历')).toBeTruthy();
    fireEvent.click(btn('取消', await popconfirmWith('确定删除常量类型“专业类别”吗？')));
    fireEvent.click(btn('删除 学历'));
    const ask = await popconfirmWith('确定删除常量类型“学历”吗？');
    expect(deleted).toEqual([]);
    fireEvent.click(btn('确定', ask));
    await waitFor(() => expect(deleted).toEqual([at(API.constantTypeDelete, 8)]));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('keeps the chosen type when another is deleted: the question’s 确定 does not reach the row', async () => {
    const deleted: string[] = [];
    stubApi({
      [at(API.constantTypeList)]: () => ok(CONSTANT_TYPES),
      [at(API.constantList)]: () => ok([]),
      [at(API.constantTypeDelete, 7)]: (_i, url) => {
        deleted.push(url.pathname);
        return ok(null);
      },
    });
    renderUi(atPath('/dataCollection/constants', <DataCollectionPage />), loginRecord);
    fireEvent.click(await screen.findByText('学历'));
    expect(await screen.findByText('常量：学历')).toBeTruthy();
    fireEvent.click(btn('删除 专业类别'));
    fireEvent.click(btn('确定', await popconfirmWith('确定删除常量类型“专业类别”吗？')));
    await waitFor(() => expect(deleted).toEqual([at(API.constantTypeDelete, 7)]));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(screen.queryByText('常量：专业类别')).toBeNull();
    expect(screen.getByText('常量：学历')).toBeTruthy();
  });

  it('edits one constant, and deletes one from its row after confirming', async () => {
    const updated: unknown[] = [];
    const deleted: unknown[] = [];
    stubApi({
      [at(API.constantTypeList)]: () => ok(CONSTANT_TYPES),
      [at(API.constantList)]: () => ok(CONSTANTS),
      [at(API.constantUpdate)]: (init) => {
        updated.push(sentJson(init));
        return ok(sentJson(init));
      },
      [at(API.constantsDelete)]: (init) => {
        deleted.push(sentJson(init));
        return ok(null);
      },
    });
    renderUi(atPath('/dataCollection/constants', <DataCollectionPage />), loginRecord);
    fireEvent.click(await screen.findByText('专业类别'));
    fireEvent.click(await waitFor(() => btn('修改 文科')));
    const dialog = await dialogTitled('修改常量');
    expect(fieldValue('常量值', dialog)).toBe('02');
    fireEvent.change(within(dialog).getByLabelText('显示名称'), { target: { value: '文史' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(updated).toEqual([{ typeId: 7, value: '02', label: '文史', sortOrder: 2, id: 72 }]));

    fireEvent.click(btn('删除 工科'));
    const ask = await popconfirmWith('确定删除常量“01”吗？');
    expect(deleted).toEqual([]);
    fireEvent.click(btn('确定', ask));
    await waitFor(() => expect(deleted).toEqual([{ ids: [71] }]));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });
});
