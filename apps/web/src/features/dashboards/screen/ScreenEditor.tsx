import {
  ROLE_NAMES,
  SCREEN_FIGURE_NAMES,
  SCREEN_FIGURES,
  SCREEN_GRID,
  type Screen,
  type ScreenFigure,
  type ScreenItem,
  SCREEN_TEXT as T,
} from '@zg/contract';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ListTable } from '../../../components/ListTable';
import { usePublishedCharts } from '../dashboards.api';
import { ScreenLayoutGrid } from './ScreenLayoutGrid';
import { useSaveScreen } from './screen.api';
import { freeSpot } from './stage';

type Row = ScreenItem & { key: number };
let nextKey = 1;
const withKeys = (items: ScreenItem[]): Row[] => items.map((i) => ({ ...i, key: nextKey++ }));

/**
 * The screen's editor (its keepers): its name, refresh interval and roles, and its items — a published chart or a
 * monitoring figure each, with its cell on the 24 x 12 grid, dragged and resized there with the mouse or typed in
 * the table (the keyboard's way). Saved as a whole; the server puts overlapping or
 * off-grid cells in place and keeps the layout as a new version.
 */
export function ScreenEditor({
  screen,
  open,
  onClose,
  onSaved,
}: {
  screen: Screen | null;
  open: boolean;
  onClose: () => void;
  onSaved: (s: Screen) => void;
}) {
  const { message } = App.useApp();
  const charts = usePublishedCharts(open);
  const save = useSaveScreen();
  const [name, setName] = useState('');
  const [refresh, setRefresh] = useState(300);
  const [roles, setRoles] = useState<string[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    if (!open) return;
    setName(screen?.mc ?? '');
    setRefresh(screen?.refresh ?? 300);
    setRoles(screen?.roles ?? []);
    setRows(withKeys(screen?.items ?? []));
  }, [open, screen]);
  const patch = (key: number, v: Partial<ScreenItem>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...v } : r)));
  const add = (kind: 'chart' | 'figure') =>
    setRows((rs) => [
      ...rs,
      {
        key: nextKey++,
        kind,
        ybpid: null,
        figure: kind === 'figure' ? 'autoRate' : null,
        ...freeSpot(rs, 6, 4),
        w: 6,
        h: 4,
      },
    ]);
  const submit = () =>
    save.mutate(
      { id: screen?.id, mc: name, refresh, roles, items: rows.map(({ key: _key, ...i }) => i) },
      {
        onSuccess: (s) => {
          void message.success('大屏布局已保存');
          onSaved(s);
        },
        onError: (e) => void message.error(e.message),
      },
    );
  const cell = (k: 'x' | 'y' | 'w' | 'h', max: number, min: number) => ({
    title: T.cell[k],
    key: k,
    width: 76,
    render: (_: unknown, r: Row) => (
      <InputNumber
        aria-label={T.cell[k]}
        size="small"
        min={min}
        max={max}
        value={r[k]}
        onChange={(v) => patch(r.key, { [k]: v ?? min })}
        style={{ width: 64 }}
      />
    ),
  });
  return (
    <Drawer
      title={screen ? `${T.edit}：${screen.mc}` : T.newScreen}
      open={open}
      onClose={onClose}
      size="large"
      width={960}
      extra={
        <Button type="primary" loading={save.isPending} onClick={submit}>
          {T.save}
        </Button>
      }
    >
      <Form layout="vertical">
        <Space wrap align="start">
          <Form.Item label={T.name} required>
            <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item label={T.refresh}>
            <InputNumber
              min={SCREEN_GRID.minRefresh}
              max={SCREEN_GRID.maxRefresh}
              value={refresh}
              onChange={(v) => setRefresh(v ?? 300)}
            />
          </Form.Item>
          <Form.Item label={T.roles}>
            <Select
              mode="multiple"
              value={roles}
              onChange={setRoles}
              style={{ width: 320 }}
              options={Object.entries(ROLE_NAMES).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary">{T.gridHint}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => add('chart')}>{T.addChart}</Button>
        <Button onClick={() => add('figure')}>{T.addFigure}</Button>
      </Space>
      <ScreenLayoutGrid items={rows} charts={charts.data ?? []} onChange={setRows} />
      <ListTable<Row>
        size="small"
        rowKey="key"
        pager={false}
        aria-label={T.edit}
        rows={rows}
        columns={[
          {
            title: T.itemKind.chart,
            key: 'what',
            render: (_, r) =>
              r.kind === 'chart' ? (
                <Select
                  aria-label={T.itemKind.chart}
                  size="small"
                  style={{ width: 220 }}
                  value={r.ybpid ?? undefined}
                  placeholder={T.addChart}
                  loading={charts.isPending}
                  options={(charts.data ?? []).map((c) => ({ value: c.id, label: c.mc }))}
                  onChange={(v) => patch(r.key, { ybpid: v, title: undefined })}
                />
              ) : (
                <Select
                  aria-label={T.itemKind.figure}
                  size="small"
                  style={{ width: 220 }}
                  value={r.figure ?? undefined}
                  options={SCREEN_FIGURES.map((f) => ({ value: f, label: SCREEN_FIGURE_NAMES[f] }))}
                  onChange={(v: ScreenFigure) => patch(r.key, { figure: v, title: undefined })}
                />
              ),
          },
          cell('x', SCREEN_GRID.cols - 1, 0),
          cell('y', SCREEN_GRID.rows - 1, 0),
          cell('w', SCREEN_GRID.cols, 1),
          cell('h', SCREEN_GRID.rows, 1),
          {
            title: '',
            key: 'remove',
            render: (_, r) => (
              <Button size="small" danger onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
                {T.remove}
              </Button>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
