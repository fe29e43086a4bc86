import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PORTRAIT_MSG as M, PORTRAIT_TEXT as T } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fixtures';
import { recordOf, renderPageAs, stubApi } from '../../test/pages';
import PortraitPage from './PortraitPage';

vi.mock('../../components/charts', () => ({
  RadarChart: ({ label, data, empty }: { label: string; data: { indicators: { name: string }[] }; empty?: string }) => (
    <div role="img" aria-label={label}>
      {data.indicators.length ? data.indicators.map((i) => i.name).join(',') : empty}
    </div>
  ),
  LineChart: ({ label, data }: { label: string; data: { categories: string[] } }) => (
    <div role="img" aria-label={label}>
      {data.categories.join(',')}
    </div>
  ),
}));

const C = '/api/herm-xxjk/CurrentPortraits';
const P = '/api/herm-xxjk/portrayal';
const leader = recordOf('xld01', '陈伯涛', { roles: ['schoolLeader'], menus: ['intelligentAnalysisDynamic'] });

const portrait = (kind: string, code: string, name: string, path: object[] = []) => ({
  object: { kind, code, name },
  path,
  year: 2025,
  cards: [
    { key: 'students', label: '在校生数', value: 7017, year: 2025, unit: '人', configured: false, error: null },
    { key: 'card-1', label: '生师比', value: 11.7, year: 2025, unit: '', configured: true, error: null },
  ],
  radar: { taskName: '专业诊改', year: 2025, axes: [{ name: '专业建设规划', score: 80, grades: { B: 2 } }] },
  trend: { years: [2024, 2025], series: [{ key: 'students', name: '在校生数', unit: '人', data: [6900, 7017] }] },
  info: {},
});

describe('画像分析', () => {
  it('lands the leader on the school, shows cards, radar and trend, and drills down to a college', async () => {
    const api = stubApi({
      [`${P}/queryPortrayalByAuth`]: () => ok({ all: true, roots: [], kinds: ['school', 'college'] }),
      [`${C}/querySchoolPortrait`]: (_i, url) =>
        ok(
          url.searchParams.get('code') === 'XY01'
            ? portrait('college', 'XY01', '信息工程学院', [{ kind: 'school', code: 'XX', name: '演示职业技术学院' }])
            : portrait('school', 'XX', '演示职业技术学院'),
        ),
      [`${C}/queryNextLink`]: () =>
        ok({
          object: { kind: 'school', code: 'XX', name: '演示职业技术学院' },
          groups: [
            { kind: 'college', label: '学院', items: [{ kind: 'college', code: 'XY01', name: '信息工程学院' }] },
          ],
        }),
    });
    renderPageAs(<PortraitPage />, leader, '/analysis/portrayal');
    expect(await screen.findByRole('heading', { name: /演示职业技术学院/ })).toBeTruthy();
    expect(screen.getByText('7,017')).toBeTruthy();
    expect(screen.getByText(T.configured)).toBeTruthy();
    expect(screen.getByRole('img', { name: `演示职业技术学院${T.radar}` }).textContent).toBe('专业建设规划');
    expect(screen.getByRole('img', { name: `演示职业技术学院${T.trend}` }).textContent).toBe('2024-2025,2025-2026');
    fireEvent.click(await screen.findByRole('button', { name: '信息工程学院' }));
    expect(await screen.findByRole('heading', { name: /信息工程学院/ })).toBeTruthy();
    expect(api.calls(`${C}/querySchoolPortrait`).some((u) => u.searchParams.get('code') === 'XY01')).toBe(true);
  });

  it('lists the students to follow under the school, searches them and opens one’s portrait', async () => {
    const follow = (keyword: string | null) => ({
      object: { kind: 'school', code: 'XX', name: '演示职业技术学院' },
      columns: ['学号', '姓名', '班级', '关注原因'],
      records: [
        { 学号: '2023010101', 姓名: '王小明', 班级: '软件2301', 关注原因: '休学' },
        ...(keyword ? [] : [{ 学号: '2023010102', 姓名: '李小红', 班级: '软件2301', 关注原因: '体质测试不及格' }]),
      ],
      total: keyword ? 1 : 12,
      current: 1,
      size: 10,
      pages: keyword ? 1 : 2,
    });
    const api = stubApi({
      [`${P}/queryPortrayalByAuth`]: () => ok({ all: true, roots: [], kinds: ['school', 'student'] }),
      [`${C}/querySchoolPortrait`]: () => ok(portrait('school', 'XX', '演示职业技术学院')),
      [`${C}/queryNextLink`]: () =>
        ok({ object: { kind: 'school', code: 'XX', name: '演示职业技术学院' }, groups: [] }),
      [`${C}/queryLeaderFollowStudent`]: (_i, url) => ok(follow(url.searchParams.get('keyword'))),
      [`${C}/queryStudentPortrait`]: () => ok(portrait('student', '2023010101', '王小明')),
    });
    renderPageAs(<PortraitPage />, leader, '/analysis/portrayal');
    const card = (await screen.findByText(T.follow)).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('李小红')).toBeTruthy();
    expect(within(card).getByText('体质测试不及格')).toBeTruthy();
    const asked = api.calls(`${C}/queryLeaderFollowStudent`)[0]!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      kind: 'school',
      code: 'XX',
      current: '1',
      size: '10',
    });

    fireEvent.change(within(card).getByRole('searchbox', { name: T.search }), { target: { value: ' 王小明 ' } });
    fireEvent.keyDown(within(card).getByRole('searchbox', { name: T.search }), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(within(card).queryByText('李小红')).toBeNull());
    expect(api.calls(`${C}/queryLeaderFollowStudent`).at(-1)?.searchParams.get('keyword')).toBe('王小明');

    fireEvent.click(within(card).getByRole('button', { name: T.open }));
    expect(await screen.findByRole('heading', { name: /王小明/ })).toBeTruthy();
  });

  it('lists the kind’s configured cards in 卡片配置, adds one, and offers edit and delete only on the user’s own', async () => {
    const card = (id: number, label: string, mine: boolean) => ({
      id,
      kind: 'school',
      label,
      unit: '',
      algorithmId: 7,
      algorithmName: '画像·生师比',
      sort: 0,
      createdBy: mine ? 'xld01' : 'zgfb01',
      createdByName: mine ? '陈伯涛' : '周诊改',
      abilities: { edit: mine, delete: mine },
    });
    const sent: unknown[] = [];
    const api = stubApi({
      [`${P}/queryPortrayalByAuth`]: () => ok({ all: true, roots: [], kinds: ['school'] }),
      [`${C}/querySchoolPortrait`]: () => ok(portrait('school', 'XX', '演示职业技术学院')),
      [`${C}/queryNextLink`]: () =>
        ok({ object: { kind: 'school', code: 'XX', name: '演示职业技术学院' }, groups: [] }),
      [`${P}/queryCardByAuth`]: () =>
        ok([card(1, '生师比', true), card(2, '专任教师数', false), { ...card(3, '课程均分', true), kind: 'course' }]),
      [`${P}/algorithms`]: () => ok([{ id: 7, name: '画像·生师比' }]),
      [`${P}/add`]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return ok(card(4, '双师比例', true), M.cardSaved);
      },
    });
    renderPageAs(<PortraitPage />, leader, '/analysis/portrayal');
    fireEvent.click(await screen.findByRole('button', { name: T.config }));
    const dialog = await screen.findByRole('dialog', { name: `${T.config}（学校画像）` });
    const mine = (await within(dialog).findByText('生师比')).closest('tr') as HTMLElement;
    const theirs = within(dialog).getByText('专任教师数').closest('tr') as HTMLElement;
    expect(within(dialog).queryByText('课程均分')).toBeNull();
    expect(within(mine).getByRole('button', { name: T.edit })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: T.deleteCard })).toBeTruthy();
    expect(within(theirs).queryByRole('button', { name: T.edit })).toBeNull();
    expect(within(theirs).queryByRole('button', { name: T.deleteCard })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: T.addCard }));
    // The form opens over the list (jsdom gives both dialogs the same label id: take the newer one).
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const form = screen.getAllByRole('dialog').at(-1) as HTMLElement;
    expect(within(form).getByText(T.addCard)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText(T.labelRequired)).toBeTruthy();
    expect(await within(form).findByText(T.algorithmRequired)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(T.label), { target: { value: '双师比例' } });
    fireEvent.mouseDown(within(form).getByLabelText(T.algorithm));
    fireEvent.click(await screen.findByTitle('画像·生师比'));
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'school', label: '双师比例', algorithmId: 7 });
    expect(api.calls(`${P}/add`)).toHaveLength(1);
  });

  it('tells a user without a portrayal grant so, and shows a refusal in Chinese', async () => {
    stubApi({ [`${P}/queryPortrayalByAuth`]: () => ok({ all: false, roots: [], kinds: [] }) });
    renderPageAs(<PortraitPage />, leader, '/analysis/portrayal');
    expect(await screen.findByText(T.noAuthority)).toBeTruthy();
  });
});
