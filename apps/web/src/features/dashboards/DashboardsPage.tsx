import {
  BUILTIN_CHART_KINDS,
  type BuiltinChartKind,
  DASHBOARD_TEXT as D,
  type DashboardCardKind,
  DASHBOARD_GRID as G,
  MENUS,
  SHELL_TEXT as T,
} from '@zg/contract';
import { App, Button, Card, Popconfirm, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import ReactGridLayout, { type Layout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { EmptyState } from '../../components/EmptyState';
import { IframeEmbed } from '../../components/IframeEmbed';
import { CloseIcon } from '../../components/icons';
import { LoadError } from '../../components/LoadError';
import { YearPicker } from '../../components/pickers';
import { QueryBoundary } from '../../components/QueryBoundary';
import { useOpenedOnce } from '../../components/use-opened-once';
import { useLoginRecord } from '../../session/login-record';
import { useMenu } from '../../session/use-menu';
import { BuiltinCard } from './BuiltinCards';
import { useDashboardData, useDashboardLayout, usePublishedCharts, useSaveDashboard } from './dashboards.api';
import {
  applyGrid,
  cardPixels,
  defaultCards,
  fromServer,
  isBuiltin,
  keyOf,
  newCard,
  type PageCard,
  toGrid,
  toInput,
} from './grid';
import { SubscribedChart } from './SubscribedChart';

/** 添加卡片 (its form and the chart library's select) loads when first opened, not with the dashboard. */
const AddCardModal = lazy(() => import('./AddCardModal').then((m) => ({ default: m.AddCardModal })));

/** Room the card's title bar and padding take from its height. */
const CARD_CHROME = 70;
/** Below this width the cards are stacked, full width, and cannot be dragged (a phone). */
const NARROW = 768;

/**
 * 仪表盘自定义 (`/dashboards`): the user's grid of cards kept on the server (the same on every device): subscribed
 * charts (图表库), the built-in charts of the user's target tasks, and embedded pages. Cards are dragged by their title
 * bar and resized from the corner (width 8 x lw of 24 columns); every change is saved and the server's normalised
 * layout drawn. All subscribed charts' data come in one request, each card failing on its own.
 */
export default function DashboardsPage() {
  const record = useLoginRecord();
  const { menu } = useMenu();
  const { message } = App.useApp();
  const menus = record?.menus ?? {};
  const seesTasks = Object.hasOwn(menus, 'wbs') || Object.hasOwn(menus, 'annualWbs');
  const layout = useDashboardLayout();
  const save = useSaveDashboard();
  const [cards, setCards] = useState<PageCard[] | null>(null);
  const [year, setYear] = useState<number | null>(() => dayjs().year());
  const [adding, setAdding] = useState(false);
  const addOpened = useOpenedOnce(adding);
  const charts = usePublishedCharts(adding);
  const { width, containerRef, mounted } = useContainerWidth();
  const title =
    menu.find((m) => m.key === 'dashboards')?.label ?? MENUS.find((m) => m.key === 'dashboards')?.label ?? '';

  useEffect(() => {
    if (layout.data) setCards(fromServer(layout.data.cards));
  }, [layout.data]);

  const shown = cards ?? [];
  const chartIds = useMemo(() => shown.flatMap((c) => (c.kind === 'chart' && c.id ? [c.id] : [])), [shown]);
  const data = useDashboardData(chartIds, year);
  const dataOf = useMemo(() => new Map((data.data?.list ?? []).map((d) => [d.id, d])), [data.data]);
  const narrow = width > 0 && width < NARROW;

  const persist = (next: PageCard[]) => {
    setCards(next);
    save.mutate(toInput(next), {
      onError: () => layout.data && setCards(fromServer(layout.data.cards)),
      onSuccess: () => undefined,
    });
  };
  const onGridStop = (l: Layout) => {
    if (cards) persist(applyGrid(cards, l));
  };
  const kinds: DashboardCardKind[] = ['chart', ...(seesTasks ? BUILTIN_CHART_KINDS : []), 'page'];

  return (
    <div className="zg-dashboard">
      <div className="zg-dashboard__bar">
        <div>
          <Typography.Title level={4} className="zg-dashboard__title">
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">
            拖动卡片标题栏可调整位置，拖动右下角可调整大小；布局保存在服务器上
          </Typography.Text>
        </div>
        <Space wrap>
          <span>{D.yearLabel}</span>
          <YearPicker aria-label={D.yearLabel} value={year} onChange={setYear} style={{ width: 120 }} />
          {seesTasks && (
            <Popconfirm
              title="恢复默认将替换当前仪表盘，确定吗？"
              okText={T.confirm}
              cancelText={T.cancel}
              onConfirm={() => persist(defaultCards(seesTasks))}
            >
              <Button>{D.restore}</Button>
            </Popconfirm>
          )}
          <Button type="primary" onClick={() => setAdding(true)}>
            {D.add}
          </Button>
        </Space>
      </div>

      <div ref={containerRef}>
        {layout.error && <LoadError error={layout.error} onRetry={() => void layout.refetch()} />}
        {!cards && layout.isPending && <Spin className="zg-dashboard__loading" />}
        {cards && cards.length === 0 && (
          <Card variant="borderless">
            <EmptyState description={D.noCards} />
          </Card>
        )}
        {mounted && cards && cards.length > 0 && (
          <ReactGridLayout
            width={width}
            layout={narrow ? toGrid(cards).map((l, i) => ({ ...l, x: 0, w: G.cols, y: i * 100 })) : toGrid(cards)}
            gridConfig={{ cols: G.cols, rowHeight: G.rowHeight, margin: [10, 10] }}
            dragConfig={{ enabled: !narrow, handle: '.zg-dashboard__drag' }}
            resizeConfig={{ enabled: !narrow, handles: ['se'] }}
            onDragStop={onGridStop}
            onResizeStop={onGridStop}
          >
            {cards.map((card) => (
              <div key={keyOf(card)} className="zg-dashboard__cell" data-testid={`card-${card.title}`}>
                <Card
                  className="zg-dashboard__card"
                  variant="borderless"
                  title={
                    <span className="zg-dashboard__drag" title="拖动以移动">
                      {card.title}
                    </span>
                  }
                  extra={
                    <Popconfirm
                      title={D.removeConfirm}
                      okText={T.confirm}
                      cancelText={T.cancel}
                      onConfirm={() => {
                        persist(cards.filter((c) => keyOf(c) !== keyOf(card)));
                        message.success('已移除');
                      }}
                    >
                      <Button type="text" size="small" aria-label={`${D.remove}：${card.title}`} icon={<CloseIcon />} />
                    </Popconfirm>
                  }
                >
                  <QueryBoundary>
                    <CardBody
                      card={card}
                      year={year}
                      height={Math.max(120, cardPixels(card.h) - CARD_CHROME)}
                      data={card.id ? dataOf.get(card.id) : undefined}
                      pending={data.isPending}
                      error={data.error}
                    />
                  </QueryBoundary>
                </Card>
              </div>
            ))}
          </ReactGridLayout>
        )}
      </div>

      {addOpened && (
        <Suspense fallback={null}>
          <AddCardModal
            open={adding}
            kinds={kinds}
            charts={charts.data ?? []}
            onCancel={() => setAdding(false)}
            onAdd={(v) => {
              const base = cards ?? [];
              persist([
                ...base,
                newCard(base, {
                  kind: v.kind,
                  title: v.title,
                  lw: v.lw,
                  ybpid: v.ybpid,
                  url: v.url,
                  sfmc: v.chart?.sfmc,
                  sflx: v.chart?.sflx,
                }),
              ]);
              setAdding(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function CardBody({
  card,
  year,
  height,
  data,
  pending,
  error,
}: {
  card: PageCard;
  year: number | null;
  height: number;
  data: Parameters<typeof SubscribedChart>[0]['data'];
  pending: boolean;
  error: unknown;
}) {
  if (card.kind === 'page') return card.url ? <IframeEmbed src={card.url} title={card.title} height={height} /> : null;
  if (isBuiltin(card.kind))
    return <BuiltinCard kind={card.kind as BuiltinChartKind} year={year} label={card.title} height={height} />;
  return (
    <SubscribedChart data={data} pending={pending && !!card.id} error={error} label={card.title} height={height} />
  );
}
