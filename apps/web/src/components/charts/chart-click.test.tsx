import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BarChart, PieChart } from './charts';

// ECharts' hit testing needs a layout jsdom does not have: a stand-in instance records the click handler instead.
const handlers: ((p: unknown) => void)[] = [];
vi.mock('./echarts-runtime', () => ({
  init: () => ({
    on: (event: string, fn: (p: unknown) => void) => {
      if (event === 'click') handlers.push(fn);
    },
    setOption: () => {},
    resize: () => {},
    dispose: () => {},
  }),
}));

describe('chart clicks', () => {
  it('reach the handler of the pie and of the bar with the clicked item', async () => {
    const onPie = vi.fn();
    const onBar = vi.fn();
    render(
      <>
        <PieChart label="状态" data={[{ name: '执行中', value: 4, key: 'executeing' }]} onClick={onPie} />
        <BarChart
          label="完成率"
          data={{ categories: ['教务处'], series: [{ name: '完成率', data: [50] }] }}
          onClick={onBar}
        />
      </>,
    );
    await waitFor(() => expect(handlers).toHaveLength(2));
    handlers[0]?.({ name: '执行中', dataIndex: 0, seriesIndex: 0, data: { key: 'executeing', value: 4 } });
    handlers[1]?.({ name: '教务处', dataIndex: 0, seriesIndex: 0, data: 50 });
    expect(onPie).toHaveBeenCalledWith({
      name: '执行中',
      dataIndex: 0,
      seriesIndex: 0,
      data: { key: 'executeing', value: 4 },
    });
    expect(onBar).toHaveBeenCalledWith({ name: '教务处', dataIndex: 0, seriesIndex: 0, data: 50 });
    expect((screen.getByRole('img', { name: '状态' }) as HTMLElement).style.cursor).toBe('pointer');
  });
});
