import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/attachments';
import { mockApi, ok } from '../../../test/fixtures';
import { ChartLibraryPanel } from './ChartLibraryPanel';

const algorithm = (id: number, sfmc: string, sflx: string) => ({
  id,
  sfzid: 1,
  sfzmc: '仪表盘',
  sfmc,
  sflx,
  bz: null,
  sfbb: 1,
  bbid: id,
  sql: 'select 1',
  sjyid: null,
  bbs: 1,
  cjsj: '2026-11-28 08:00:00',
  xgsj: '2026-11-28 08:00:00',
});
const published = {
  id: 5,
  mc: '近五年招生趋势',
  lxid: 1,
  lxmc: '招生就业',
  sfid: 9,
  sfmc: '近五年招生趋势',
  sflx: 'chart',
  sfbb: 2,
  lw: 2,
  roles: [],
  sm: null,
};

describe('ChartLibraryPanel', { timeout: 30_000 }, () => {
  it('lists the types and published charts and publishes a chart algorithm for chosen roles', async () => {
    const posted: unknown[] = [];
    const pages: Record<string, string>[] = [];
    mockApi({
      '/api/herm-sjgl/ybplx/list': () => ok([{ id: 1, lxmc: '招生就业', px: 1 }]),
      '/api/herm-sjgl/ybp/page': (_i, url) => {
        pages.push(Object.fromEntries(url.searchParams));
        return ok({ records: [published], total: 1, current: 1, pages: 1, size: 10 });
      },
      '/api/herm-sjgl/algorithmContent/selectlikename': (_i, url) =>
        ok({
          records:
            url.searchParams.get('sflx') === 'chart'
              ? [algorithm(11, '各学院课程平均分', 'chart')]
              : [algorithm(12, '各专业招生明细', 'detail')],
          total: 1,
          current: 1,
          pages: 1,
          size: 200,
        }),
      '/api/herm-sjgl/ybp/insert': (init) => {
        posted.push(Object.fromEntries(new URLSearchParams(String(init.body))));
        return ok({ ...published, id: 6, mc: '各专业招生明细', sfid: 12, sflx: 'detail', lw: 1 });
      },
    });
    renderUi(<ChartLibraryPanel />);
    expect(await screen.findByText('近五年招生趋势（图表算法 v2）', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('所有用户')).toBeTruthy();
    expect(screen.getByRole('button', { name: '删除分类：招生就业' })).toBeTruthy();
    // The keepers' own list (every published chart, whatever its roles), a page at a time.
    expect(pages[0]).toMatchObject({ current: '1', size: '10' });

    fireEvent.click(screen.getByRole('button', { name: '发布图表' }));
    const dialog = (await screen.findByText('发布图表', { selector: '.ant-modal-title' })).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '算法' }));
    fireEvent.click(await screen.findByTitle('各专业招生明细（详情算法）'));
    expect((within(dialog).getByLabelText('图表名称') as HTMLInputElement).value).toBe('各专业招生明细');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '分类' }));
    fireEvent.click(await screen.findByTitle('招生就业'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(posted).toMatchObject([{ mc: '各专业招生明细', lxid: '1', sfid: '12', lw: '1' }]), {
      timeout: 10_000,
    });
  });
});
