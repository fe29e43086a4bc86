import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  type ImprovementCase,
  QUALITY_WARNING_MSG as M,
  QUALITY_WARNING_TEXT as T,
  type WarnCount,
  type WarnFlow,
} from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/fixtures';
import { btn } from '../../test/pages';
import { renderPage } from '../../test/render';
import { ImprovementSpiral } from './components/ImprovementSpiral';
import { WarningHistory } from './components/WarningHistory';
import { QualityWarningCard } from './QualityWarningCard';

/**
 * 质量预警's components (issue 32 item 7): the history with 处理详情 on hover and the disposal dialog (both texts
 * required), the forecasts apart; the spiral marking the row's step and moving it; the home card's counts.
 */

const Z = '/api/herm-zdgj';
const sent = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));
const flow = (over: Partial<WarnFlow> = {}): WarnFlow => ({
  id: 1,
  zkdid: 7,
  yjlx: 'process',
  yjlxmc: '过程预警',
  ly: '本平台',
  yjsj: '2026-03-14 10:00:00',
  yjz: '< 150',
  jgz: '140',
  zlx: 'others',
  clsj: null,
  clcs: null,
  yyfx: null,
  clr: null,
  gbsj: null,
  zt: 'open',
  ...over,
});

describe('WarningHistory', () => {
  it('lists the warnings, the forecasts apart, shows 处理详情 on hover and disposes with both texts', async () => {
    const fetchMock = mockApi({
      [`${Z}/warningflow/queryWarnList`]: () =>
        ok({
          list: [
            flow(),
            flow({
              id: 2,
              yjlx: 'expired',
              yjlxmc: '逾期预警',
              yyfx: '生源减少',
              clcs: '加强宣传',
              clsj: '2026-03-16 09:00:00',
              clr: { id: 'u', name: '林志华' },
            }),
          ],
          forecasts: [flow({ id: 3, yjlx: 'forecast', yjlxmc: '预测预警', jgz: '120.3' })],
          isedit: true,
        }),
      [`${Z}/rest/warningflow/dispose`]: () => ok(flow({ clsj: '2026-03-16 10:00:00' }), M.disposed),
    });
    renderPage(<WarningHistory rowId={7} />, '/');
    expect(await screen.findByText('逾期预警')).toBeTruthy();
    expect(screen.getByText(T.forecastsTitle)).toBeTruthy();
    expect(screen.getByText('120.3')).toBeTruthy();
    fireEvent.mouseEnter(document.querySelector('[data-detail="2"]')!);
    expect(await screen.findByText('生源减少')).toBeTruthy();
    fireEvent.click(document.querySelector('[data-dispose="1"]')!);
    await screen.findByText(T.disposeTitle);
    fireEvent.click(btn('确定'));
    expect(await screen.findByText(M.causeRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(T.cause), { target: { value: '招生计划调减' } });
    fireEvent.change(screen.getByLabelText(T.measures), { target: { value: '扩大宣传' } });
    fireEvent.click(btn('确定'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/rest/warningflow/dispose'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/rest/warningflow/dispose'))!;
    expect(sent(init as RequestInit)).toEqual({ id: '1', yyfx: '招生计划调减', clcs: '扩大宣传' });
  });
});

describe('ImprovementSpiral', () => {
  it('draws the spiral with the row’s step marked and moves it to a later step', async () => {
    const c: ImprovementCase = {
      id: 5,
      zkdid: 7,
      zkdmc: '在校生数',
      rwid: 1,
      rwmc: '任务',
      dxrwid: 2,
      gzdxmc: '软件技术',
      step: 'diagnose',
      stepName: '诊断',
      zt: 'open',
      kssj: '2026-03-14 10:00:00',
      gbsj: null,
      days: 3,
      steps: [
        { step: 'target', name: '目标', czr: null, sj: '2026-03-14 10:00:00', note: null },
        {
          step: 'diagnose',
          name: '诊断',
          czr: { id: 'u', name: '林志华' },
          sj: '2026-03-16 09:00:00',
          note: '分析数据',
        },
      ],
      canAct: true,
    };
    const fetchMock = mockApi({
      [`${Z}/rest/case/selectbyzkd`]: () => ok(c),
      [`${Z}/rest/case/step`]: () => ok({ ...c, step: 'motivate', stepName: '激励' }),
    });
    renderPage(<ImprovementSpiral rowId={7} />, '/');
    expect(await screen.findByText(T.spiralNow('诊断'), { exact: false })).toBeTruthy();
    expect(document.querySelector('[data-current="true"]')?.getAttribute('data-step')).toBe('diagnose');
    expect(document.querySelectorAll('[data-step]')).toHaveLength(10);
    expect(screen.getByText(/分析数据/)).toBeTruthy();
    fireEvent.click(btn(T.spiralConfirm));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/rest/case/step'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/rest/case/step'))!;
    expect(sent(init as RequestInit)).toMatchObject({ id: '5', step: 'motivate' });
  });
});

describe('QualityWarningCard', () => {
  it('shows the counts, forecasts apart, and opens the record table', async () => {
    const counts: WarnCount = {
      totalWarningCount: 4,
      processWarningCount: 3,
      expiredWarningCount: 1,
      openWarningCount: 2,
      undisposedCount: 1,
      forecastWarningCount: 2,
      openCaseCount: 2,
      closedCaseCount: 1,
    };
    mockApi({ [`${Z}/warningflow/queryWarnCount`]: () => ok(counts) });
    renderPage(<QualityWarningCard />, '/index', ['/improvement/warnings']);
    expect(await screen.findByText(T.cardTitle)).toBeTruthy();
    expect(document.querySelector('[data-qw="forecast"]')?.textContent).toContain('2');
    expect(document.querySelector('[data-qw="total"]')?.textContent).toContain('4');
    fireEvent.click(document.querySelector('[data-qw="undisposed"]')!);
    expect((await screen.findByTestId('route')).textContent).toBe('/improvement/warnings');
  });
});
