import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StandardSystem } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/attachments';
import { mockApi, ok } from '../../test/fixtures';
import { AuthorityDialog } from './components/AuthorityDialog';
import { DepotPanel } from './components/DepotPanel';
import { NodeForm, type NodeValues } from './components/NodeForm';
import { RecyclePanel } from './components/RecyclePanel';

const S = '/api/herm-mbbz';

const BLANK: NodeValues = {
  name: '专业评估结果',
  nh: '',
  zdbz: '',
  bzz: '',
  zlx: null,
  fsdl: false,
  calRule: null,
  detailRule: null,
  direction: null,
  gradeRule: null,
  warningRule: null,
};

const SYSTEM: StandardSystem = {
  id: 3,
  name: '2026—2028年专业诊改标准',
  dimension: 'major',
  startYear: 2026,
  endYear: 2028,
  state: 'draft',
  version: 1,
  previousVersionId: null,
  nodeCount: 1,
  qcpCount: 0,
  creator: 'zgfb01',
  creatorName: '何静',
  createdAt: '2026-11-26 10:00:00',
  updatedAt: '2026-11-26 10:00:00',
  abilities: { read: true, write: true, authority: true, remove: true },
};

function recorder(routes: Record<string, (init: RequestInit, url: URL) => { status: number; body: unknown }>) {
  const bodies: Record<string, unknown[]> = {};
  mockApi(
    Object.fromEntries(
      Object.entries(routes).map(([path, h]) => [
        path,
        (init: RequestInit, url: URL) => {
          bodies[path] = [...(bodies[path] ?? []), init.body ? JSON.parse(String(init.body)) : null];
          return h(init, url);
        },
      ]),
    ),
  );
  return bodies;
}

async function pick(label: string, option: string, within_: HTMLElement = document.body) {
  fireEvent.mouseDown(within(within_).getByLabelText(label));
  fireEvent.click((await screen.findAllByTitle(option)).at(-1) as HTMLElement);
}

const form = () => screen.getByRole('form', { name: '质控点表单' });
const saveButton = () => within(form()).getByRole('button', { name: /^保\s?存$/ });

describe('NodeForm', () => {
  it('a grouping node (no value type) saves without a standard value or rules', async () => {
    const onSave = vi.fn();
    renderUi(
      <NodeForm kind="qcp" initial={BLANK} readOnly={false} calRuleOptions={[]} saving={false} onSave={onSave} />,
    );
    expect(screen.getByText('选择值类型后可设置等级规则')).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ zlx: null, bzz: '', gradeRule: null, warningRule: null });
  });

  it('有无 takes 无 / 有, with no grade rule', async () => {
    const onSave = vi.fn();
    renderUi(
      <NodeForm
        kind="indicator"
        initial={{ ...BLANK, zlx: 'have', bzz: '' }}
        readOnly={false}
        calRuleOptions={[{ label: '教学质量', title: '教学质量', options: [{ value: 70, label: '专业学生数/V2' }] }]}
        detailRuleOptions={[
          { label: '教学质量', title: '教学质量', options: [{ value: 71, label: '专业学生名单/V1' }] },
        ]}
        saving={false}
        onSave={onSave}
      />,
    );
    const f = screen.getByRole('form', { name: '指标表单' });
    expect(within(f).getByText('有无、是否类型不设等级规则，结果为达标或不达标')).toBeTruthy();
    fireEvent.click(within(f).getByRole('button', { name: /^保\s?存$/ }));
    expect(await within(f).findByText('值类型为有无时必须填写标准值')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(within(f).getByLabelText('有'));
    await pick('计算规则', '专业学生数/V2', f);
    await pick('详情算法', '专业学生名单/V1', f);
    fireEvent.click(within(f).getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      zlx: 'have',
      bzz: '1',
      calRule: 70,
      detailRule: 71,
      gradeRule: null,
    });
  });

  it('等级 lists its levels, and the standard value is one of them', async () => {
    const onSave = vi.fn();
    renderUi(
      <NodeForm
        kind="qcp"
        initial={{ ...BLANK, zlx: 'levels' }}
        readOnly={false}
        calRuleOptions={[]}
        saving={false}
        onSave={onSave}
      />,
    );
    fireEvent.click(within(form()).getByRole('button', { name: /添加等级/ }));
    fireEvent.change(within(form()).getByLabelText('第1个等级值'), { target: { value: '优秀' } });
    fireEvent.click(within(form()).getByRole('button', { name: /添加等级/ }));
    fireEvent.change(within(form()).getByLabelText('第2个等级值'), { target: { value: '合格' } });
    await pick('第2个等级的档次', 'C 档', form());
    await pick('标准值', '合格', form());
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      zlx: 'levels',
      bzz: '合格',
      gradeRule: {
        type: 'levels',
        levels: [
          { value: '优秀', dxLevel: 'A' },
          { value: '合格', dxLevel: 'C' },
        ],
      },
    });
  });

  it('a warning by value needs its value', async () => {
    const onSave = vi.fn();
    renderUi(
      <NodeForm
        kind="qcp"
        initial={{ ...BLANK, zlx: 'others', bzz: '18' }}
        readOnly={false}
        calRuleOptions={[]}
        saving={false}
        onSave={onSave}
      />,
    );
    fireEvent.click(within(form()).getByText('按值'));
    fireEvent.click(saveButton());
    expect(await within(form()).findByText('请填写预警值')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(within(form()).getByLabelText('预警值'), { target: { value: '16' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      warningRule: { mode: 'value', operator: '<', value: 16, cycle: 'month' },
    });
  });

  it('a dimension node edits only its name and 内涵', () => {
    renderUi(
      <NodeForm
        kind="dimension"
        initial={BLANK}
        readOnly={false}
        calRuleOptions={[]}
        saving={false}
        onSave={vi.fn()}
      />,
    );
    const f = screen.getByRole('form', { name: '诊断维度表单' });
    expect(within(f).getByLabelText('内涵')).toBeTruthy();
    expect(within(f).queryByLabelText('标准值')).toBeNull();
    expect(within(f).queryByText('预警规则')).toBeNull();
  });
});

describe('AuthorityDialog', () => {
  it('lists grants, changes one to 编辑 and removes one after a confirmation', async () => {
    const bodies = recorder({
      [`${S}/targetAuthority/list`]: () =>
        ok([
          { id: 5, systemId: 3, subjectKind: 'user', subjectId: 'zyfzr01', subjectName: '专业负责人', access: 'read' },
        ]),
      [`${S}/targetAuthority/update`]: () =>
        ok({
          id: 5,
          systemId: 3,
          subjectKind: 'user',
          subjectId: 'zyfzr01',
          subjectName: '专业负责人',
          access: 'write',
        }),
      [`${S}/targetAuthority/5/delete`]: () => ok(null),
    });
    renderUi(<AuthorityDialog system={SYSTEM} onClose={vi.fn()} />);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('专业负责人')).toBeTruthy();

    await pick('专业负责人的权限', '编辑');
    await waitFor(() => expect(bodies[`${S}/targetAuthority/update`]).toEqual([{ id: 5, access: 'write' }]));

    fireEvent.click(within(table).getByRole('button', { name: /^删\s?除$/ }));
    const confirm = (await screen.findAllByText('取消“专业负责人”的授权？'))
      .at(-1)
      ?.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '取消授权' }));
    await waitFor(() => expect(bodies[`${S}/targetAuthority/5/delete`]).toHaveLength(1));
  });
});

describe('DepotPanel and RecyclePanel', () => {
  it('uses a depot item under a dimension of the system', async () => {
    const bodies = recorder({
      [`${S}/taskDepot/list`]: () =>
        ok([
          {
            id: 9,
            name: '生师比',
            dimension: 'major',
            nodeCount: 2,
            creator: 'zgfb01',
            createdAt: '2026-11-26 10:00:00',
          },
        ]),
      [`${S}/taskDepot/selectById`]: () =>
        ok({
          id: 9,
          name: '生师比',
          dimension: 'major',
          nodeCount: 2,
          creator: 'zgfb01',
          createdAt: '2026-11-26 10:00:00',
          snapshot: {
            kind: 'qcp',
            name: '生师比',
            sort: 0,
            nh: null,
            zdbz: null,
            bzz: '18',
            zlx: 'others',
            fsdl: true,
            calRule: null,
            direction: 'lower',
            gradeRule: null,
            warningRule: { mode: 'value', operator: '>', value: 22, cycle: 'month' },
            children: [
              {
                kind: 'indicator',
                name: '专任教师数',
                sort: 0,
                nh: null,
                zdbz: null,
                bzz: null,
                zlx: null,
                fsdl: false,
                calRule: null,
                direction: null,
                gradeRule: null,
                warningRule: null,
                children: [],
              },
            ],
          },
        }),
      [`${S}/taskDepot/use`]: () => ok({ systemId: 3, version: 1, versioned: false, message: '保存成功', nodeId: 30 }),
    });
    const onChange = vi.fn();
    const tree = [
      {
        id: 1,
        parentId: null,
        kind: 'dimension' as const,
        name: '资源表',
        sort: 0,
        depth: 1,
        nh: null,
        zdbz: null,
        bzz: null,
        zlx: null,
        fsdl: false,
        calRule: null,
        calRuleName: null,
        detailRule: null,
        detailRuleName: null,
        direction: null,
        gradeRule: null,
        warningRule: null,
        children: [],
      },
    ];
    renderUi(<DepotPanel system={SYSTEM} tree={tree} canKeep onChange={onChange} />);
    // Its content shows when the row is expanded.
    fireEvent.click(await screen.findByRole('button', { name: /展开/ }));
    const content = await screen.findByRole('list', { name: '“生师比”的内容' });
    expect(within(content).getByText('（质控点；标准值 18；按值 大于 22（每月））')).toBeTruthy();
    expect(within(content).getByText('专任教师数')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^使\s?用$/ }));
    const dialog = (await screen.findAllByText('使用“生师比”')).at(-1)?.closest('[role=dialog]') as HTMLElement;
    await pick('放入“2026—2028年专业诊改标准”的诊断维度', '资源表', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(bodies[`${S}/taskDepot/use`]).toEqual([{ depotId: 9, parentId: 1 }]));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 30 })));
  });

  it('recovers a deletion, and purges one only after a confirmation', async () => {
    const batch = '3f0e8a52-1c7b-4f7e-9a51-2b7c6d1e0f00';
    const bodies = recorder({
      [`${S}/recycle/list`]: () =>
        ok([
          {
            batchId: batch,
            kind: 'nodes',
            systemId: 3,
            systemName: '2026—2028年专业诊改标准',
            name: '双师型教师比例',
            nodeCount: 3,
            deletedAt: '2026-11-26 11:00:00',
            deletedBy: '何静',
          },
        ]),
      [`${S}/recycle/recovery`]: () =>
        ok({ systemId: 3, version: 1, versioned: false, message: '恢复成功', nodeId: null }),
      [`${S}/recycle/purge`]: () => ok(null),
    });
    const onChange = vi.fn();
    renderUi(<RecyclePanel onChange={onChange} />);
    expect(await screen.findByText('双师型教师比例')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^恢\s?复$/ }));
    await waitFor(() => expect(bodies[`${S}/recycle/recovery`]).toEqual([{ batchId: batch }]));
    await waitFor(() => expect(onChange).toHaveBeenCalled());

    fireEvent.click(screen.getByRole('button', { name: '彻底删除' }));
    const confirm = (await screen.findAllByText('彻底删除“双师型教师比例”？'))
      .at(-1)
      ?.closest('.ant-modal') as HTMLElement;
    expect(bodies[`${S}/recycle/purge`]).toBeUndefined();
    fireEvent.click(within(confirm).getByRole('button', { name: '彻底删除' }));
    await waitFor(() => expect(bodies[`${S}/recycle/purge`]).toEqual([{ batchId: batch }]));
  });
});
