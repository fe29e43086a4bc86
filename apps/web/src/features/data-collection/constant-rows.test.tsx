import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DATA_COLLECTION_API as API } from '@zg/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { loginRecord, ok } from '../../test/fixtures';
import { btn, stubApi } from '../../test/pages';
import { at, CONSTANT_TYPES, CONSTANTS } from './collection-test-data';
import DataCollectionPage from './DataCollectionPage';

/** 常量管理's rows: 修改 opens on the record, 删除 asks first (the page's other tests: constants.test.tsx). */

const atPath = (path: string, ui: ReactNode) => (
  <MemoryRouter initialEntries={[path]}>
    <Routes>
      <Route path="/dataCollection/*" element={ui} />
    </Routes>
  </MemoryRouter>
);
const json = (init: RequestInit) => JSON.parse(String(init.body));

/** The dialog whose title is `text`. */
async function dialogWith(text: string) {
  const titles = await screen.findAllByText(text, { selector: '.ant-modal-title, .ant-modal-confirm-title' });
  return titles[0]!.closest('.ant-modal') as HTMLElement;
}
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
        updated.push(json(init));
        return ok({ constants: 0, ...json(init) });
      },
      [at(API.constantTypeDelete, 8)]: (_i, url) => {
        deleted.push(url.pathname);
        return ok(null);
      },
    });
    renderUi(atPath('/dataCollection/constants', <DataCollectionPage />), loginRecord);

    fireEvent.click(await waitFor(() => btn('修改 学历')));
    const dialog = await dialogWith('修改类型');
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
        updated.push(json(init));
        return ok(json(init));
      },
      [at(API.constantsDelete)]: (init) => {
        deleted.push(json(init));
        return ok(null);
      },
    });
    renderUi(atPath('/dataCollection/constants', <DataCollectionPage />), loginRecord);
    fireEvent.click(await screen.findByText('专业类别'));
    fireEvent.click(await waitFor(() => btn('修改 文科')));
    const dialog = await dialogWith('修改常量');
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
