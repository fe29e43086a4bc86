import { act, render, screen, waitFor } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { describe, expect, it, vi } from 'vitest';
import { CircularGauge } from './CircularGauge';
import { BarChart, LineChart, PieChart, RadarChart, StackedAreaChart } from './charts';
import { animationFrames, clampPercent, gaugePercent } from './gauge';
import { barOption, hasPieData, pieOption, radarOption, stackedAreaOption, wrapLabel } from './options';

describe('gauge values', () => {
  it('clamps to 0-100 with two decimals, 0 for an empty or zero input', () => {
    expect(gaugePercent(1, 3)).toBe(33.33);
    expect(gaugePercent(2, 3)).toBe(66.67);
    expect(gaugePercent(5, 4)).toBe(100);
    expect(gaugePercent(-1, 4)).toBe(0);
    expect(gaugePercent(0, 4)).toBe(0);
    expect(gaugePercent(3, 0)).toBe(0);
    expect(gaugePercent(null, 4)).toBe(0);
    expect(gaugePercent(3, undefined)).toBe(0);
    expect(clampPercent(99.999)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
  });

  it('counts up in 16 ms steps over 2000 ms and ends on the value', () => {
    const frames = animationFrames(80);
    expect(frames).toHaveLength(125);
    expect(frames[0]).toBe(0.64);
    expect(frames[62]).toBe(40.32);
    expect(frames.at(-1)).toBe(80);
  });
});

describe('CircularGauge', () => {
  it('is 250 by 250 with radius 80 and line 10, labelled 自动采集率, and animates to its value', () => {
    vi.useFakeTimers();
    const { container } = render(<CircularGauge part={2} total={3} />);
    const svg = container.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('width')).toBe('250');
    expect(svg.getAttribute('height')).toBe('250');
    const bar = container.querySelector('.zg-gauge__bar') as SVGCircleElement;
    expect(bar.getAttribute('r')).toBe('80');
    expect(bar.getAttribute('stroke-width')).toBe('10');
    expect(screen.getByText('自动采集率')).toBeTruthy();
    expect(screen.getByRole('img', { name: '自动采集率 66.67%' })).toBeTruthy();
    expect(screen.getByText('0.00%')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1008));
    expect(screen.getByText('33.60%')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('66.67%')).toBeTruthy();
    // The arc covers two thirds of the circle.
    const circumference = 2 * Math.PI * 80;
    expect(Number(bar.getAttribute('stroke-dashoffset'))).toBeCloseTo(circumference * (1 - 0.6667), 1);
  });

  it('shows its value at once, without counting up, when the system asks for reduced motion', () => {
    vi.useFakeTimers();
    reduceMotion();
    render(<CircularGauge part={1} total={4} />);
    expect(screen.getByText('25.00%')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes a direct percentage and another caption', () => {
    vi.useFakeTimers();
    render(<CircularGauge percent={123} label="任务完成率" />);
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.getByText('100.00%')).toBeTruthy();
    expect(screen.getByText('任务完成率')).toBeTruthy();
  });
});

describe('chart options', () => {
  it('draws bars 20 wide unless told', () => {
    const d = { categories: ['一月', '二月'], series: [{ name: '任务数', data: [3, 5] }] };
    const bar = barOption(d) as { series: { barWidth: number; type: string }[] };
    expect(bar.series[0]).toMatchObject({ type: 'bar', barWidth: 20 });
    expect((barOption(d, 32) as { series: { barWidth: number }[] }).series[0]?.barWidth).toBe(32);
    expect((barOption(d) as { yAxis: object }).yAxis).toEqual({ type: 'value', minInterval: 1 });
    expect((barOption(d, 20, 100) as { yAxis: object }).yAxis).toEqual({
      type: 'value',
      minInterval: 1,
      min: 0,
      max: 100,
    });
    const rates = { categories: ['一月'], series: [{ name: '完成率', data: [12.5] }] };
    expect((barOption(rates) as { yAxis: object }).yAxis).toEqual({ type: 'value', minInterval: undefined });
  });

  it('stacks the area series', () => {
    const d = {
      categories: ['2025', '2026'],
      series: [
        { name: '甲', data: [1, 2] },
        { name: '乙', data: [3, 4] },
      ],
    };
    const o = stackedAreaOption(d) as { series: { stack: string; areaStyle: object }[] };
    expect(o.series.every((s) => s.stack === 'total' && s.areaStyle)).toBe(true);
  });

  it('wraps radar names every 6 characters', () => {
    expect(wrapLabel('国际交流与合作影响力表')).toBe('国际交流与合\n作影响力表');
    expect(wrapLabel('双高任务')).toBe('双高任务');
    const o = radarOption({
      indicators: [{ name: '社会服务贡献度表格', max: 100 }],
      series: [{ name: 'a', data: [1] }],
    });
    const formatter = (o as { radar: { axisName: { formatter: (n: string) => string } } }).radar.axisName.formatter;
    expect(formatter('社会服务贡献度表格')).toBe('社会服务贡献\n度表格');
  });
});

/** The system asks for reduced motion (restored after each test by the setup's vi.restoreAllMocks). */
function reduceMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList,
  );
}

describe('chart wrappers', () => {
  it('show 暂无数据 without data and do not load ECharts for it', () => {
    render(
      <>
        <BarChart label="空柱状图" data={{ categories: [], series: [] }} />
        <LineChart label="空折线图" data={{ categories: ['一月'], series: [{ name: 'a', data: [null] }] }} />
        <StackedAreaChart label="空面积图" data={{ categories: ['一月'], series: [] }} />
        <RadarChart label="空雷达图" data={{ indicators: [], series: [] }} />
      </>,
    );
    expect(screen.getAllByText('暂无数据')).toHaveLength(4);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draw a bar chart with ECharts as SVG', async () => {
    const { container } = render(
      <BarChart
        label="部门任务数"
        data={{ categories: ['教务处', '学生处'], series: [{ name: '任务数', data: [4, 7] }] }}
      />,
    );
    expect(screen.getByRole('img', { name: '部门任务数' })).toBeTruthy();
    await waitFor(() => expect(container.querySelector('svg')).toBeTruthy(), { timeout: 10_000 });
    await waitFor(() => expect(container.textContent).toContain('教务处'));
  });

  it.each([false, true])('animate unless the system asks for reduced motion (reduced: %s)', async (reduced) => {
    if (reduced) reduceMotion();
    render(<BarChart label="部门任务数" data={{ categories: ['教务处'], series: [{ name: '任务数', data: [4] }] }} />);
    const box = screen.getByRole('img', { name: '部门任务数' }) as HTMLDivElement;
    await waitFor(() => expect(box.textContent).toContain('教务处'), { timeout: 10_000 });
    const option = getInstanceByDom(box)?.getOption() as { animation?: boolean | string } | undefined;
    // ECharts' own default is 'auto' (animate); reduced motion turns it off.
    if (reduced) expect(option?.animation).toBe(false);
    else expect(option?.animation).toBe('auto');
  });

  it('keeps its drawing when its height changes (a dashboard card resized from its corner)', async () => {
    const data = { categories: ['教务处'], series: [{ name: '任务数', data: [4] }] };
    const { rerender } = render(<BarChart label="部门任务数" height={200} data={data} />);
    const box = screen.getByRole('img', { name: '部门任务数' }) as HTMLDivElement;
    await waitFor(() => expect(box.textContent).toContain('教务处'), { timeout: 10_000 });
    const before = getInstanceByDom(box);
    rerender(<BarChart label="部门任务数" height={320} data={data} />);
    await waitFor(() => expect(box.querySelector('svg')?.getAttribute('height')).toBe('320'));
    expect(getInstanceByDom(box)).toBe(before);
    expect(box.textContent).toContain('教务处');
  });
});

describe('pie chart', () => {
  it('leaves out empty slices and keeps the keys for clicks', () => {
    const slices = [
      { name: '执行中', value: 3, key: 'executeing' },
      { name: '未下发', value: 0, key: 'notPushed' },
      { name: '已完成', value: 1, key: 'hasDone' },
    ];
    const o = pieOption(slices) as { series: { data: { name: string; key: string }[] }[]; legend: { data: string[] } };
    expect(o.series[0]?.data.map((d) => d.key)).toEqual(['executeing', 'hasDone']);
    expect(o.legend.data).toEqual(['执行中', '已完成']);
    expect(hasPieData([{ name: 'a', value: 0 }])).toBe(false);
  });

  it('shows 暂无数据 when every slice is zero', () => {
    render(<PieChart label="空饼图" data={[{ name: '执行中', value: 0 }]} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws the slices as SVG', async () => {
    render(<PieChart label="任务状态分布" data={[{ name: '执行中', value: 4, key: 'executeing' }]} />);
    const box = screen.getByRole('img', { name: '任务状态分布' });
    await waitFor(() => expect(box.querySelector('path')).toBeTruthy(), { timeout: 10_000 });
    await waitFor(() => expect(box.textContent).toContain('执行中'));
  });
});
