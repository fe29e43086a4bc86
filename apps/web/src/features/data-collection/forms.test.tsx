import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DATA_COLLECTION_API as API, DATA_MANAGE_API, TABLE_CONFIG_API } from '@zg/contract';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { loginRecord, mockApi, ok } from '../../test/fixtures';
import { btn, dialogTitled, mountedAt, recordOf } from '../../test/pages';
import { at, collectionForm, DIRECTORIES, TABLE_FIELDS, warehouseTable } from './collection-test-data';
import DataCollectionPage from './DataCollectionPage';

const atPath = (path: string, ui: ReactNode) => mountedAt('/dataCollection/*', path, ui);
const dataOffice = recordOf('sjgly01', '数据管理员', { roles: ['dataOffice'], menus: ['dataCollection'] });
const teacher = recordOf('js01', '张老师', { roles: [], menus: ['dataCollection'] });

const confirmPop = async () => {
  await waitFor(() => expect(document.querySelector('.ant-popover')).not.toBeNull());
  fireEvent.click(btn('确定', document.querySelector('.ant-popover') as HTMLElement));
};
/** The options of the open Select's dropdown. */
const openOptions = () => {
  const open = Array.from(document.querySelectorAll('.ant-select-dropdown')).filter(
    (d) => !d.classList.contains('ant-select-dropdown-hidden'),
  );
  return Array.from(open.at(-1)?.querySelectorAll('.ant-select-item-option') ?? []).map((o) => o.textContent);
};
/** The tabs' names. */
const tabNames = () => Array.from(document.querySelectorAll('[role="tab"]')).map((t) => t.textContent);
/** Opens the antd Select and picks the option of that title. */
async function pick(select: HTMLElement, title: string) {
  fireEvent.mouseDown(select);
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options[options.length - 1]!);
}

function formsApi(over: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    [at(API.directoryTree)]: () => ok(DIRECTORIES),
    [at(API.formList)]: () => ok([collectionForm()]),
    [at(API.constantTypeList)]: () => ok([{ id: 7, code: 'zylb', name: '专业类别', remark: null, constants: 3 }]),
    [DATA_MANAGE_API.tableAll.path]: () =>
      ok([warehouseTable(), warehouseTable({ id: 6, bzwm: '未建表', bm: 'wjb', sfcj: false })]),
    [DATA_MANAGE_API.fieldAll.path]: () => ok(TABLE_FIELDS),
    [TABLE_CONFIG_API.list.path]: () => ok({ list: [], total: 0, pageNum: 1, pageSize: 1000 }),
    // 我的填报, the first tab: nothing to fill.
    [at(API.fillTaskCounts)]: () => ok({ uncommitted: 0, waitAudit: 0, finished: 0 }),
    [at(API.fillTaskList)]: () => ok([]),
    ...over,
  });
}

describe('the 数据采集 page', () => {
  it('starts at 我的填报 and shows the data office the administrator tabs after 审核', async () => {
    formsApi();
    renderUi(atPath('/dataCollection', <DataCollectionPage />), dataOffice);
    expect(await screen.findByText('暂无填报任务')).toBeTruthy();
    expect(tabNames()).toEqual(['我的填报', '审核', '表单管理', '常量管理', '采集任务']);
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('我的填报');
  });

  it('hides them from someone who only fills in', async () => {
    formsApi();
    renderUi(atPath('/dataCollection/forms', <DataCollectionPage />), teacher);
    await waitFor(() => expect(tabNames()).toEqual(['我的填报', '审核']));
    expect(tabNames()).not.toContain('表单管理');
    expect(tabNames()).not.toContain('常量管理');
    expect(tabNames()).not.toContain('采集任务');
  });

  it("follows the server's abilities, not the roles the browser holds", async () => {
    // An administrator the server (data-collection.policy.ts) does not let manage: no administrator tabs.
    formsApi({ [at(API.abilities)]: () => ok({ manage: false }) });
    const { unmount } = renderUi(atPath('/dataCollection/forms', <DataCollectionPage />), loginRecord);
    await waitFor(() => expect(tabNames()).toEqual(['我的填报', '审核']));
    unmount();
    // Someone without those roles whom the server lets manage: the tabs.
    formsApi({ [at(API.abilities)]: () => ok({ manage: true }) });
    renderUi(atPath('/dataCollection', <DataCollectionPage />), teacher);
    await waitFor(() => expect(tabNames()).toEqual(['我的填报', '审核', '表单管理', '常量管理', '采集任务']));
  });
});

describe('表单管理', () => {
  it('lists forms with their version, greys 发布 when the server says so, and publishes after confirming', async () => {
    let published = 0;
    formsApi({
      [at(API.formList)]: () =>
        ok([
          collectionForm(),
          collectionForm({
            id: 6,
            name: '教师企业实践',
            tableType: 'floating',
            version: 0,
            changedSincePublish: true,
            abilities: { edit: true, publish: true, remove: true },
          }),
        ]),
      [at(API.formPublish, 6)]: () => {
        published += 1;
        return ok(collectionForm({ id: 6, name: '教师企业实践', version: 1 }), '发布成功（第 1 版）');
      },
    });
    renderUi(atPath('/dataCollection/forms', <DataCollectionPage />), loginRecord);
    expect(await screen.findByText('第 1 版')).toBeTruthy();
    expect(screen.getByText('未发布')).toBeTruthy();
    expect(screen.getAllByText('教学 / 专业建设')).toHaveLength(2);
    expect((btn('发布 专业基本情况') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(btn('发布 教师企业实践'));
    const confirm = await dialogTitled('确定发布表单“教师企业实践”为第 1 版吗？');
    fireEvent.click(btn('确定', confirm));
    expect(await screen.findByText('发布成功（第 1 版）')).toBeTruthy();
    expect(published).toBe(1);
  });

  it('adds a directory under the chosen one, and asks before deleting it', async () => {
    const sent: unknown[] = [];
    let deleted = 0;
    formsApi({
      [at(API.directoryInsert)]: (init) => {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return ok({ id: 3, forms: 0, ...body });
      },
      [at(API.directoryDelete, 2)]: () => {
        deleted += 1;
        return ok(null);
      },
    });
    renderUi(atPath('/dataCollection/forms', <DataCollectionPage />), loginRecord);
    fireEvent.click(await screen.findByText('专业建设（1）'));
    expect(document.querySelector('[role="tree"][aria-label="表单目录"]')).not.toBeNull();
    fireEvent.click(btn('新增子目录'));
    const dialog = await dialogTitled('新增目录');
    fireEvent.change(within(dialog).getByLabelText('目录名称'), { target: { value: '课程建设' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(sent).toEqual([{ name: '课程建设', parentId: 2, sortOrder: 0 }]));

    fireEvent.click(await screen.findByText('专业建设（1）'));
    fireEvent.click(btn('删除'));
    expect(await screen.findByText('确定删除目录“专业建设”吗？')).toBeTruthy();
    expect(deleted).toBe(0);
    await confirmPop();
    await waitFor(() => expect(deleted).toBe(1));
  });

  it('needs a directory before 新增表单', async () => {
    formsApi();
    renderUi(atPath('/dataCollection/forms', <DataCollectionPage />), loginRecord);
    const add = (await waitFor(() => btn('新增表单'))) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(await screen.findByText('专业建设（1）'));
    await waitFor(() => expect(add.disabled).toBe(false));
  });

  it('edits the chosen directory on its values, and deletes only a form the server lets go, after confirming', async () => {
    const updated: unknown[] = [];
    let deleted = 0;
    formsApi({
      [at(API.formList)]: () =>
        ok([
          collectionForm(),
          collectionForm({ id: 6, name: '教师企业实践', abilities: { edit: true, publish: false, remove: false } }),
        ]),
      [at(API.directoryUpdate)]: (init) => {
        const body = JSON.parse(String(init.body));
        updated.push(body);
        return ok({ forms: 1, children: [], ...body });
      },
      [at(API.formDelete, 5)]: () => {
        deleted += 1;
        return ok(null);
      },
    });
    renderUi(atPath('/dataCollection/forms', <DataCollectionPage />), loginRecord);
    fireEvent.click(await screen.findByText('专业建设（1）'));
    fireEvent.click(btn('修改目录'));
    const dialog = await dialogTitled('修改目录');
    const name = within(dialog).getByLabelText('目录名称') as HTMLInputElement;
    expect(name.value).toBe('专业建设');
    fireEvent.change(name, { target: { value: '专业与课程' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() => expect(updated).toEqual([{ name: '专业与课程', parentId: 1, sortOrder: 0, id: 2 }]));
    expect(await screen.findByText('保存成功')).toBeTruthy();

    expect(btn('删除 教师企业实践').disabled).toBe(true);
    fireEvent.click(btn('删除 专业基本情况'));
    expect(await screen.findByText('确定删除表单“专业基本情况”吗？')).toBeTruthy();
    expect(deleted).toBe(0);
    await confirmPop();
    await waitFor(() => expect(deleted).toBe(1));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });
});

describe('the form designer', () => {
  it('offers only the tables created and the kinds that fit, names every problem, then saves the fields', async () => {
    const sent: unknown[] = [];
    formsApi({
      [at(API.formInsert)]: (init) => {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return ok(collectionForm({ ...body, id: 8, version: 0, changedSincePublish: true }));
      },
      [at(API.formGet, 8)]: () =>
        ok(collectionForm({ id: 8, name: '专业概况', version: 0, changedSincePublish: true })),
    });
    renderUi(atPath('/dataCollection/forms/new?directoryId=2', <DataCollectionPage />), loginRecord);
    expect(await screen.findByText('新增表单', { selector: 'h5' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('表单名称'), { target: { value: '专业概况' } });
    fireEvent.mouseDown(screen.getByLabelText('数据表'));
    expect(screen.queryByTitle('未建表（教学仓库 · wjb）')).toBeNull();
    fireEvent.click(await screen.findByTitle('专业基本情况表（教学仓库 · zyjbqk）'));

    // The required field is bound and cannot be unbound; the others wait to be ticked.
    const required = (await screen.findByLabelText('绑定 专业代码')) as HTMLInputElement;
    expect(required.checked).toBe(true);
    expect(required.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('绑定 招生人数'));
    fireEvent.click(screen.getByLabelText('绑定 专业名称'));

    // An integer field offers 数字 and 单选 only.
    fireEvent.mouseDown(screen.getByLabelText('组件类型 招生人数'));
    await waitFor(() => expect(openOptions()).toEqual(['数字', '单选']));
    fireEvent.keyDown(screen.getByLabelText('组件类型 招生人数'), { key: 'Escape' });

    // 专业名称 as a single select without its constant type, and 招生人数 with min above max: both named.
    await pick(screen.getByLabelText('组件类型 专业名称'), '单选');
    fireEvent.change(screen.getByLabelText('最小值 招生人数'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('最大值 招生人数'), { target: { value: '1' } });
    fireEvent.click(btn('保存'));
    expect(await screen.findByText('请先修正以下问题')).toBeTruthy();
    expect(screen.getByText('第 2 个字段“招生人数”：最小值不能大于最大值')).toBeTruthy();
    expect(screen.getByText('第 3 个字段“专业名称”：单选、多选需要选择常量类型')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('最大值 招生人数'), { target: { value: '500' } });
    await pick(screen.getByLabelText('常量类型 专业名称'), '专业类别（zylb）');
    fireEvent.click(btn('保存'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: '专业概况',
      directoryId: 2,
      tableId: 4,
      tableType: 'floating',
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
        {
          fieldId: 43,
          label: '招生人数',
          kind: 'number',
          required: false,
          unique: false,
          constantTypeId: null,
          min: 10,
          max: 500,
          decimals: 0,
          defaultValue: null,
        },
        {
          fieldId: 42,
          label: '专业名称',
          kind: 'select',
          required: false,
          unique: false,
          constantTypeId: 7,
          min: null,
          max: null,
          decimals: null,
          defaultValue: null,
        },
      ],
    });
    expect(await screen.findByText('设计表单：专业概况')).toBeTruthy();
  });

  it("opens a form on its table, keeps 发布 for a saved form with changes, and shows the server's refusal", async () => {
    let published = 0;
    formsApi({
      [at(API.formGet, 5)]: () =>
        ok(
          collectionForm({
            tableConfigId: 3,
            changedSincePublish: true,
            abilities: { edit: true, publish: true, remove: true },
          }),
        ),
      [TABLE_CONFIG_API.list.path]: () =>
        ok({
          list: [
            {
              id: 3,
              name: '专业基本情况布局',
              tableType: 'floating',
              createdByName: '系统管理员',
              updatedByName: null,
              updateTime: '2026-03-01 08:00:00',
              abilities: { canEdit: true, canDelete: true },
              columns: 3,
              rowCount: 0,
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 1000,
        }),
      [at(API.formUpdate)]: () => ({
        status: 400,
        body: { meta: { success: false, message: '数据表中必填的字段“专业代码”没有绑定到表单' }, data: null },
      }),
      [at(API.formPublish, 5)]: () => {
        published += 1;
        return ok(collectionForm({ version: 2 }));
      },
    });
    renderUi(atPath('/dataCollection/forms/5', <DataCollectionPage />), loginRecord);
    expect(await screen.findByText('设计表单：专业基本情况')).toBeTruthy();
    expect(screen.getByText('第 1 版（有未发布的修改）')).toBeTruthy();
    expect(((await screen.findByLabelText('显示名称 专业代码')) as HTMLInputElement).value).toBe('专业代码');
    // Its layout opens in a new window; a layout of the other type is pointed out.
    const link = (await screen.findByText('配置布局')).closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/tableConfiguration/3');
    expect(link.target).toBe('_blank');
    expect(await screen.findByText('所选布局是浮动表，与表格类型不一致；填报按表格类型进行')).toBeTruthy();

    // 发布 freezes the saved form; an unsaved change greys it.
    const publish = btn('发布') as HTMLButtonElement;
    expect(publish.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('显示名称 专业代码'), { target: { value: '代码' } });
    await waitFor(() => expect(publish.disabled).toBe(true));
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
    fireEvent.click(btn('保存'));
    expect(await screen.findByText('数据表中必填的字段“专业代码”没有绑定到表单')).toBeTruthy();
    expect(published).toBe(0);
  });

  it('says so when the form does not exist', async () => {
    formsApi({
      [at(API.formGet, 77)]: () => ({
        status: 404,
        body: { meta: { success: false, message: '表单不存在或已被删除' }, data: null },
      }),
    });
    renderUi(atPath('/dataCollection/forms/77', <DataCollectionPage />), loginRecord);
    expect((await screen.findAllByText('表单不存在或已被删除')).length).toBeGreaterThan(0);
    expect(btn('返回')).toBeTruthy();
  });
});
