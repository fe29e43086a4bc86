import { fireEvent, screen } from '@testing-library/react';
import { PORTRAIT_TEXT as T } from '@zg/contract';
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

  it('tells a user without a portrayal grant so, and shows a refusal in Chinese', async () => {
    stubApi({ [`${P}/queryPortrayalByAuth`]: () => ok({ all: false, roots: [], kinds: [] }) });
    renderPageAs(<PortraitPage />, leader, '/analysis/portrayal');
    expect(await screen.findByText(T.noAuthority)).toBeTruthy();
  });
});
