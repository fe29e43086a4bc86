import { screen } from '@testing-library/react';
import type { OperationMonitoring, Screen } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/attachments';
import { ScreenStage } from './ScreenStage';

const figures: OperationMonitoring = {
  year: 2026,
  autoRate: { auto: 3, total: 4 },
  collection: [],
  fillOverdue: { total: 0, list: [] },
  diagnosis: [],
  targetTasks: { total: 10, finished: 4, underWay: 5, overdue: 1 },
  jobs: [{ kind: 'k', mc: '每日计算', lastRun: '2026-11-28 02:00:00', lastStatus: 'failed', failures: 2, queued: 1 }],
};
const theScreen: Screen = {
  id: 1,
  mc: '学校运行状态大屏',
  roles: [],
  refresh: 300,
  gxsj: '2026-11-28 08:00:00',
  gxrmc: null,
  abilities: { edit: false },
  items: [
    { kind: 'figure', figure: 'autoRate', x: 0, y: 0, w: 6, h: 4 },
    { kind: 'chart', ybpid: 5, title: '出错的图表', x: 6, y: 0, w: 6, h: 4 },
    { kind: 'figure', figure: 'collection', x: 12, y: 0, w: 6, h: 4 },
    { kind: 'figure', figure: 'jobs', x: 0, y: 4, w: 12, h: 4 },
  ],
};

describe('the data screen stage', () => {
  it('draws each item in its panel: the gauge, a failed chart on its own, 暂无数据, the job health', async () => {
    renderUi(
      <ScreenStage
        screen={theScreen}
        pending={false}
        updatedAt="08:00:00"
        data={{
          year: 2026,
          figures,
          list: [{ id: 1, status: 'error', message: '除数为零', sflx: 'chart', sfzsj: null }],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: '学校运行状态大屏' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '自动采集率' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: '自动采集率 75.00%' })).toBeTruthy();
    expect(screen.getByText('图表加载失败')).toBeTruthy();
    expect(screen.getByText('除数为零')).toBeTruthy();
    expect(screen.getByRole('region', { name: '各部门采集完成情况' }).textContent).toContain('暂无数据');
    expect(screen.getByText('每日计算')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: /全\s?屏/ })).toBeTruthy();
  });
});
