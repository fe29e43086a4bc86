import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { School, SchoolSetting } from '@zg/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLoginRecord } from '../../api/session';
import { Providers } from '../../app/Providers';
import { failed, loginRecord, mockApi, ok } from '../../test/fixtures';
import { freshQueryClient } from '../../test/render';
import { QueryBoundary } from '../QueryBoundary';
import { canAddMore, SchoolSelectModal } from './SchoolSelectModal';
import { allChosen, COLLAPSED_TAGS, toggleAll, toggleTag } from './SchoolSettingsModal';

const PROVINCES = ['北京', '天津', '河北', '山西', '江苏', '浙江', '安徽', '福建', '江西', '山东'];
const SCHOOLS: School[] = [
  {
    schoolCode: 'S1',
    schoolName: '深圳职业技术大学',
    schoolProvince: '江苏',
    schoolNature: '公办',
    schoolLevel: '职业本科',
  },
  {
    schoolCode: 'S2',
    schoolName: '金华职业技术大学',
    schoolProvince: '浙江',
    schoolNature: '公办',
    schoolLevel: '职业本科',
  },
  {
    schoolCode: 'S3',
    schoolName: '南京工业职业技术大学',
    schoolProvince: '江苏',
    schoolNature: '公办',
    schoolLevel: '高职(专科)',
  },
  {
    schoolCode: 'S4',
    schoolName: '泉州职业技术大学',
    schoolProvince: '福建',
    schoolNature: '民办',
    schoolLevel: '职业本科',
  },
];

/** The school endpoints over SCHOOLS, with a settings store the test can read. */
function schoolApi(initial: SchoolSetting = { schoolLevel: [], schoolNature: [], schoolProvince: [], state: true }) {
  const store = { setting: initial };
  const fetchMock = mockApi({
    '/api/user/school/list': (_init, url) => {
      const q = url.searchParams;
      const found = SCHOOLS.filter(
        (s) =>
          (!q.get('name') || s.schoolName.includes(q.get('name') ?? '')) &&
          (!q.get('province') || s.schoolProvince === q.get('province')) &&
          (!q.get('level') || s.schoolLevel === q.get('level')) &&
          (!q.get('nature') || s.schoolNature === q.get('nature')),
      );
      return ok({ list: found, total: found.length, pageNum: 1, pageSize: 1000 });
    },
    '/api/user/school/options': () =>
      ok({ levels: ['职业本科', '高职(专科)'], natures: ['公办', '民办'], provinces: PROVINCES }),
    '/api/user/school/selected': () => ok(store.setting),
    '/api/user/school/updateSelected': (init) => {
      store.setting = JSON.parse(String(init.body));
      return ok(store.setting, '保存成功');
    },
  });
  return { fetchMock, store };
}

function paths(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === path);
}

/** The modal as a page would use it: open, with the schools it last confirmed. */
function Host({ max, min, onOk }: { max?: number; min?: number; onOk?: (s: School[]) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <SchoolSelectModal
      open={open}
      value={[]}
      min={min}
      max={max}
      onOk={(s) => {
        onOk?.(s);
        setOpen(false);
      }}
      onCancel={() => setOpen(false)}
    />
  );
}

function renderHost(props: Parameters<typeof Host>[0] = {}) {
  setLoginRecord(loginRecord);
  return render(
    <Providers queryClient={freshQueryClient()}>
      <QueryBoundary>
        <Host {...props} />
      </QueryBoundary>
    </Providers>,
  );
}

const column = (label: string) => screen.getByRole('region', { name: label });
const settingsDialog = () => screen.getByText('常用查询设置').closest('[role="dialog"]') as HTMLElement;
const box = (name: string) => screen.getByRole('checkbox', { name: `选择${name}` }) as HTMLInputElement;

describe('school picker rules', () => {
  it('allows more until the maximum, without one always', () => {
    expect(canAddMore(1, 2)).toBe(true);
    expect(canAddMore(2, 2)).toBe(false);
    expect(canAddMore(99, undefined)).toBe(true);
  });

  it('全部 chooses every tag of a group, or none when all were chosen', () => {
    expect(toggleAll([], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleAll(['b', 'a'], ['a', 'b'])).toEqual([]);
    expect(allChosen(['a'], ['a', 'b'])).toBe(false);
    expect(allChosen([], [])).toBe(false);
    expect(toggleTag(['b'], 'a', ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleTag(['a', 'b'], 'a', ['a', 'b'])).toEqual(['b']);
  });
});

// antd's Table and Modal are slow to render in jsdom on a busy machine.
describe('SchoolSelectModal', { timeout: 30_000 }, () => {
  it('lists the schools with index, name, province and a checkbox, searching by name and province', async () => {
    const { fetchMock } = schoolApi();
    renderHost();
    await waitFor(() => expect(screen.getByText('泉州职业技术大学')).toBeTruthy());
    const list = column('选择学校');
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(['序号', '学校名称', '省份']);
    const firstRow = within(list).getAllByRole('row')[1] as HTMLElement;
    expect(within(firstRow).getByText('1')).toBeTruthy();
    expect(within(firstRow).getByRole('checkbox')).toBeTruthy();
    expect(screen.getByText('共 4 所')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: '请输入学校名称' }), { target: { value: '金华' } });
    await waitFor(() => expect(screen.queryByText('泉州职业技术大学')).toBeNull());
    await waitFor(() => expect(screen.getByText('共 1 所')).toBeTruthy());
    expect(screen.getByText('金华职业技术大学')).toBeTruthy();
    expect(paths(fetchMock, '/api/user/school/list').at(-1)?.searchParams.get('name')).toBe('金华');

    fireEvent.change(screen.getByRole('textbox', { name: '请输入学校名称' }), { target: { value: '' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '省份' }));
    fireEvent.click(await screen.findByTitle('江苏'));
    await waitFor(() => expect(screen.getByText('共 2 所')).toBeTruthy());
    expect(screen.getByText('南京工业职业技术大学')).toBeTruthy();
    expect(screen.queryByText('金华职业技术大学')).toBeNull();
    expect(paths(fetchMock, '/api/user/school/list').at(-1)?.searchParams.get('province')).toBe('江苏');
  });

  it('disables the unchecked boxes at the maximum and states min and max in the footer', async () => {
    schoolApi();
    const onOk = vi.fn();
    renderHost({ min: 1, max: 2, onOk });
    await waitFor(() => expect(screen.getByText('泉州职业技术大学')).toBeTruthy());
    expect(screen.getByText('最少选择 1 所，最多选择 2 所')).toBeTruthy();

    fireEvent.click(box('深圳职业技术大学'));
    fireEvent.click(screen.getByText('金华职业技术大学')); // a row click checks too
    expect(box('深圳职业技术大学').checked).toBe(true);
    expect(box('金华职业技术大学').checked).toBe(true);
    expect(box('泉州职业技术大学').disabled).toBe(true);
    expect(box('南京工业职业技术大学').disabled).toBe(true);
    // A row click at the maximum adds nothing.
    fireEvent.click(screen.getByText('泉州职业技术大学'));
    const chosen = column('已选学校');
    expect(within(chosen).getByText('已选 2 所')).toBeTruthy();

    // Removing one from the right frees a place.
    fireEvent.click(screen.getByRole('button', { name: '移除深圳职业技术大学' }));
    expect(box('泉州职业技术大学').disabled).toBe(false);
    fireEvent.click(box('泉州职业技术大学'));
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(onOk).toHaveBeenCalledWith([SCHOOLS[1], SCHOOLS[3]]);
  });

  it('clears every selected school at once', async () => {
    schoolApi();
    renderHost();
    await waitFor(() => expect(screen.getByText('泉州职业技术大学')).toBeTruthy());
    fireEvent.click(box('深圳职业技术大学'));
    fireEvent.click(box('泉州职业技术大学'));
    const chosen = column('已选学校');
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(chosen).getByRole('button', { name: /清\s*空/ }));
    expect(within(chosen).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(chosen).getAllByText('暂无数据').length).toBeGreaterThan(0);
    expect(box('深圳职业技术大学').checked).toBe(false);
  });

  it('filters by a saved common query', async () => {
    const { fetchMock } = schoolApi({
      schoolLevel: ['高职(专科)'],
      schoolNature: [],
      schoolProvince: ['福建'],
      state: true,
    });
    renderHost();
    const queries = column('常用查询');
    await waitFor(() => expect(within(queries).getByRole('button', { name: '高职(专科)' })).toBeTruthy());
    fireEvent.click(within(queries).getByRole('button', { name: '高职(专科)' }));
    await waitFor(() => expect(screen.queryByText('泉州职业技术大学')).toBeNull());
    expect(screen.getByText('南京工业职业技术大学')).toBeTruthy();
    expect(paths(fetchMock, '/api/user/school/list').at(-1)?.searchParams.get('level')).toBe('高职(专科)');

    fireEvent.click(within(queries).getByRole('button', { name: '全部学校' }));
    fireEvent.click(within(queries).getByRole('button', { name: '福建' }));
    await waitFor(() => expect(screen.queryByText('南京工业职业技术大学')).toBeNull());
    expect(screen.getByText('泉州职业技术大学')).toBeTruthy();
  });

  it('saves the settings from its settings link and shows them as common queries', async () => {
    const { fetchMock, store } = schoolApi();
    renderHost();
    const queries = column('常用查询');
    await waitFor(() => expect(within(queries).getByText('尚未设置常用查询')).toBeTruthy());
    fireEvent.click(within(queries).getByRole('button', { name: /设\s*置/ }));

    const level = await screen.findByRole('group', { name: '办学层次' });
    fireEvent.click(within(level).getByText('全部'));
    const region = screen.getByRole('group', { name: '地区' });
    // The region group folds after COLLAPSED_TAGS tags.
    expect(within(region).queryByText('江西')).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: /展\s*开/ }));
    fireEvent.click(within(region).getByText('江西'));
    expect(within(region).getAllByText(/./).length).toBeGreaterThan(COLLAPSED_TAGS);

    const selectedCalls = paths(fetchMock, '/api/user/school/selected').length;
    fireEvent.click(within(settingsDialog()).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.getByText('保存成功')).toBeTruthy());
    expect(store.setting).toEqual({
      schoolLevel: ['职业本科', '高职(专科)'],
      schoolNature: [],
      schoolProvince: ['江西'],
      state: true,
    });
    // Saved: the settings are fetched again and show in the left column.
    await waitFor(() => expect(within(queries).getByRole('button', { name: '江西' })).toBeTruthy());
    expect(paths(fetchMock, '/api/user/school/selected').length).toBeGreaterThan(selectedCalls);
  });

  it("shows the server's message when saving the settings fails", async () => {
    schoolApi();
    renderHost();
    const queries = column('常用查询');
    await waitFor(() => expect(within(queries).getByText('尚未设置常用查询')).toBeTruthy());
    mockApi({
      '/api/user/school/options': () => ok({ levels: ['职业本科'], natures: ['公办'], provinces: ['江苏'] }),
      '/api/user/school/selected': () => ok({ schoolLevel: [], schoolNature: [], schoolProvince: [], state: true }),
      '/api/user/school/list': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 1000 }),
      '/api/user/school/updateSelected': () => failed(400, '设置项过多'),
    });
    fireEvent.click(within(queries).getByRole('button', { name: /设\s*置/ }));
    const level = await screen.findByRole('group', { name: '办学层次' });
    fireEvent.click(within(level).getByText('职业本科'));
    fireEvent.click(within(settingsDialog()).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.getByText('设置项过多')).toBeTruthy());
    expect(screen.getByRole('group', { name: '办学层次' })).toBeTruthy();
  });
});
