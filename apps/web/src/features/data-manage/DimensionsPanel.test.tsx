import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIMENSION_MSG, EXCEL_MSG, DIMENSION_TEXT as T } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi, stubXhr } from '../../test/attachments';
import { departments, failed, mockApi, ok } from '../../test/fixtures';
import { DimensionsPanel } from './DimensionsPanel';
import { DutiesPanel } from './DutiesPanel';

const D = '/api/herm-sjgl/dimension';
const R = '/api/herm-sjgl/departmentDuty';
const TYPES = [
  { id: 2, wdbm: 'college', wdmc: '学院', px: 2, dxs: 1, nz: true, sjlx: ['school'] },
  { id: 3, wdbm: 'major', wdmc: '专业', px: 3, dxs: 2, nz: true, sjlx: ['college'] },
];
const typeList = { list: TYPES, total: 2, pageNum: 1, pageSize: 5000 };

function obj(over: Record<string, unknown>) {
  return {
    id: 1,
    wdid: 2,
    wdbm: 'college',
    wdmc: '学院',
    dxbm: 'X01',
    dxmc: '信息工程学院',
    sjid: null,
    sjbm: null,
    sjmc: null,
    sjwdmc: null,
    px: 0,
    sfqy: true,
    xjs: 0,
    ...over,
  };
}
const page = (list: unknown[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });
const COLLEGE = obj({ xjs: 2 });
const MAJORS = [
  obj({
    id: 11,
    wdid: 3,
    wdbm: 'major',
    wdmc: '专业',
    dxbm: 'M01',
    dxmc: '软件技术',
    sjid: 1,
    sjbm: 'X01',
    sjmc: '信息工程学院',
    sjwdmc: '学院',
  }),
  obj({
    id: 12,
    wdid: 3,
    wdbm: 'major',
    wdmc: '专业',
    dxbm: 'M02',
    dxmc: '网络技术',
    sjid: 1,
    sjbm: 'X01',
    sjmc: '信息工程学院',
    sjwdmc: '学院',
  }),
];

describe('DimensionsPanel 维度管理', () => {
  it('lists the first type’s objects with the pager text, switches type, searches and deletes after confirmation', async () => {
    const asked: string[] = [];
    let majors = MAJORS;
    mockApi({
      [`${D}/queryDiemensionType`]: () => ok(typeList),
      [`${D}/queryDimension`]: (_i, url) => {
        asked.push(url.search);
        const wdid = url.searchParams.get('wdid');
        if (wdid === '2') return ok(page([COLLEGE]));
        const keyword = url.searchParams.get('keyword');
        return ok(page(keyword ? majors.filter((m) => m.dxmc.includes(keyword)) : majors));
      },
      [`${D}/delete`]: (init) => {
        expect(JSON.parse(String(init.body))).toEqual({ ids: [12] });
        majors = majors.filter((m) => m.id !== 12);
        return ok(null, DIMENSION_MSG.deleted);
      },
    });
    renderUi(<DimensionsPanel />);
    expect(await screen.findByText('信息工程学院')).toBeTruthy();
    expect(screen.getByText('当前页1条，共1条')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /专业/ }));
    expect(await screen.findByText('软件技术')).toBeTruthy();
    expect(screen.getAllByText('学院 信息工程学院（X01）')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText(T.searchPlaceholder), { target: { value: '网络' } });
    fireEvent.keyDown(screen.getByLabelText(T.searchPlaceholder), { key: 'Enter', keyCode: 13 });
    expect(await screen.findByText('网络技术')).toBeTruthy();
    expect(screen.queryByText('软件技术')).toBeNull();
    expect(asked.some((q) => q.includes('keyword=%E7%BD%91%E7%BB%9C'))).toBe(true);

    fireEvent.click(screen.getByText(/^删\s*除$/));
    const pop = (await screen.findByText(T.confirmDelete('网络技术'))).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByText(/^确\s*定$/));
    expect(await screen.findByText(DIMENSION_MSG.deleted)).toBeTruthy();
  });

  it('adds an object with a parent of the allowed type', async () => {
    let sent: unknown = null;
    mockApi({
      [`${D}/queryDiemensionType`]: () => ok(typeList),
      [`${D}/queryDimension`]: (_i, url) => ok(page(url.searchParams.get('wdid') === '2' ? [COLLEGE] : MAJORS)),
      [`${D}/insert`]: (init) => {
        sent = JSON.parse(String(init.body));
        return ok(obj({ id: 13, wdid: 3, dxbm: 'M03', dxmc: '人工智能' }), DIMENSION_MSG.created);
      },
    });
    renderUi(<DimensionsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: /专业/ }));
    await screen.findByText('软件技术');
    fireEvent.click(screen.getByText(T.add));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(T.addTitle('专业'))).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(T.colCode), { target: { value: 'M03' } });
    fireEvent.change(within(dialog).getByLabelText(T.colName), { target: { value: '人工智能' } });
    fireEvent.mouseDown(within(dialog).getByLabelText(T.parent));
    fireEvent.click(await screen.findByTitle('学院：信息工程学院（X01）'));
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(DIMENSION_MSG.created)).toBeTruthy();
    expect(sent).toEqual({ wdid: 3, dxbm: 'M03', dxmc: '人工智能', sjid: 1, px: 0, sfqy: true });
  });

  it('adds a type of its own and deletes it after confirmation; a built-in type has no delete', async () => {
    let types = [...TYPES];
    mockApi({
      [`${D}/queryDiemensionType`]: () => ok({ ...typeList, list: types, total: types.length }),
      [`${D}/queryDimension`]: () => ok(page([])),
      [`${D}/type/insert`]: (init) => {
        const body = JSON.parse(String(init.body));
        expect(body).toEqual({ wdbm: 'base', wdmc: '实训基地', px: 0 });
        const made = { id: 20, ...body, dxs: 0, nz: false, sjlx: null };
        types = [...types, made];
        return ok(made, DIMENSION_MSG.created);
      },
      [`${D}/type/delete`]: (init) => {
        expect(JSON.parse(String(init.body))).toEqual({ id: 20 });
        types = TYPES;
        return ok(null, DIMENSION_MSG.deleted);
      },
    });
    renderUi(<DimensionsPanel />);
    await screen.findByRole('button', { name: /专业/ });
    expect(screen.queryByText(T.deleteType)).toBeNull();
    fireEvent.click(screen.getByText(T.addType));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(T.typeCode), { target: { value: 'base' } });
    fireEvent.change(within(dialog).getByLabelText(T.typeName), { target: { value: '实训基地' } });
    fireEvent.click(within(dialog).getByText(/^确\s*定$/));
    expect(await screen.findByText(DIMENSION_MSG.created)).toBeTruthy();
    fireEvent.click(await screen.findByText(T.deleteType));
    const pop = (await screen.findByText(T.confirmDeleteType('实训基地'))).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByText(/^确\s*定$/));
    expect(await screen.findByText(DIMENSION_MSG.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(T.deleteType)).toBeNull());
  });

  it('shows an import refusal row by row, and the count of a good import', async () => {
    mockApi({
      [`${D}/queryDiemensionType`]: () => ok(typeList),
      [`${D}/queryDimension`]: () => ok(page([COLLEGE])),
    });
    const refusal = `${EXCEL_MSG.importFailed(2)}${EXCEL_MSG.cell(3, '类型', DIMENSION_MSG.rule.unknownType, '宿舍')}；${EXCEL_MSG.cell(5, '上级编码', DIMENSION_MSG.rule.unknownParent, 'NOPE')}`;
    let answer: { status: number; body: unknown } = failed(400, refusal);
    stubXhr(() => answer);
    const { container } = renderUi(<DimensionsPanel />);
    await screen.findByText('信息工程学院');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['x'], 'dims.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText(T.importProblems(2))).toBeTruthy();
    expect(screen.getByText(EXCEL_MSG.cell(3, '类型', DIMENSION_MSG.rule.unknownType, '宿舍'))).toBeTruthy();
    expect(screen.getByText(EXCEL_MSG.cell(5, '上级编码', DIMENSION_MSG.rule.unknownParent, 'NOPE'))).toBeTruthy();

    answer = ok({ count: 3, created: 2, updated: 1 });
    const again = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(again, { target: { files: [new File(['y'], 'dims2.xlsx')] } });
    expect(await screen.findByText(DIMENSION_MSG.imported(3))).toBeTruthy();
  });
});

describe('DutiesPanel 部门职责', () => {
  it('loads a department’s objects, adds a ticked one and saves the whole set', async () => {
    let saved: unknown = null;
    const duty = {
      bmid: 'D02',
      bmmc: '教务处',
      dxs: [{ id: 11, wdid: 3, wdmc: '专业', dxbm: 'M01', dxmc: '软件技术' }],
    };
    mockApi({
      '/api/user/departmentList': () => ok({ list: departments, total: 1, pageNum: 1, pageSize: 100000 }),
      [`${D}/queryDiemensionType`]: () => ok({ ...typeList, list: [TYPES[1]] }),
      [`${R}/queryByDepartment`]: () => ok(duty),
      [`${R}/queryByType`]: () =>
        ok(
          page([
            { id: 11, wdid: 3, wdmc: '专业', dxbm: 'M01', dxmc: '软件技术', bmid: 'D02', bmmc: '教务处' },
            { id: 12, wdid: 3, wdmc: '专业', dxbm: 'M02', dxmc: '网络技术', bmid: null, bmmc: null },
          ]),
        ),
      [`${R}/save`]: (init) => {
        saved = JSON.parse(String(init.body));
        return ok({ ...duty, dxs: [...duty.dxs, { id: 12, wdid: 3, wdmc: '专业', dxbm: 'M02', dxmc: '网络技术' }] });
      },
    });
    renderUi(<DutiesPanel />);
    expect(await screen.findByText(T.pickDepartment, { selector: '.ant-empty-description' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText(T.department, { selector: 'input' }));
    fireEvent.click(await screen.findByTitle('教务处'));
    expect(await screen.findByText(T.dutyObjects(1))).toBeTruthy();
    expect(await screen.findByText('网络技术')).toBeTruthy();

    const row = screen.getByText('网络技术').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    expect(await screen.findByText(T.dutyObjects(2))).toBeTruthy();
    expect(screen.getByText(T.unsaved)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText(T.saved)).toBeTruthy();
    expect(saved).toEqual({ bmid: 'D02', dxids: [11, 12] });
    await waitFor(() => expect(screen.queryByText(T.unsaved)).toBeNull());
  });
});
