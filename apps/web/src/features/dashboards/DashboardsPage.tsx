import { DASHBOARD_TEXT as D, MENUS, SHELL_TEXT as T, TASK_TYPE } from '@zg/contract';
import { Button, Card, Col, Form, Input, Modal, Popconfirm, Row, Select, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { BarChart, CircularGauge, LineChart, RadarChart, StackedAreaChart } from '../../components/charts';
import { EditableCell } from '../../components/EditableCell';
import { EmptyState } from '../../components/EmptyState';
import { IframeEmbed } from '../../components/IframeEmbed';
import { CloseIcon, LeftIcon, RightIcon } from '../../components/icons';
import { YearPicker } from '../../components/pickers';
import { QueryBoundary } from '../../components/QueryBoundary';
import { useLoginRecord } from '../../session/login-record';
import { useMenu } from '../../session/use-menu';
import { useMyStatus, useMyStatusByType, useMyStatusByYear } from './dashboards.api';
import { finishOf, finishTrend, lastFiveYears, statusBars, statusTrend, typeRadar } from './data';
import {
  CARD_KINDS,
  type CardKind,
  type CardWidth,
  CHART_KINDS,
  type DashboardCard,
  defaultCards,
  forgetCards,
  isEmbeddableUrl,
  loadCards,
  moveCard,
  newCardId,
  saveCards,
} from './layout';

const CHART_HEIGHT = 280;
const PAGE_HEIGHT = 420;
const TYPES = TASK_TYPE.map((t) => t.code);
const WIDTHS: CardWidth[] = [1, 2, 3];

/**
 * 仪表盘自定义 (`/dashboards`): the user's own grid of cards, charts of the user's target tasks (for users with the
 * task menus) and embedded web pages, each renamed in place, resized, moved or removed. The layout is kept in this
 * browser, per user.
 */
export default function DashboardsPage() {
  const record = useLoginRecord();
  const { menu } = useMenu();
  const userId = record?.userId ?? '';
  const menus = record?.menus ?? {};
  const seesTasks = Object.hasOwn(menus, 'wbs') || Object.hasOwn(menus, 'annualWbs');
  const [cards, setCards] = useState(() => loadCards(userId, seesTasks));
  const [year, setYear] = useState<number | null>(() => dayjs().year());
  const [adding, setAdding] = useState(false);
  const title =
    menu.find((m) => m.key === 'dashboards')?.label ?? MENUS.find((m) => m.key === 'dashboards')?.label ?? '';

  const update = (next: DashboardCard[]) => {
    setCards(next);
    saveCards(userId, next);
  };
  const patch = (id: string, change: Partial<DashboardCard>) =>
    update(cards.map((c) => (c.id === id ? { ...c, ...change } : c)));

  return (
    <div className="zg-dashboard">
      <div className="zg-dashboard__bar">
        <div>
          <Typography.Title level={4} className="zg-dashboard__title">
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{D.storedHint}</Typography.Text>
        </div>
        <Space wrap>
          {seesTasks && (
            <>
              <span>{D.yearLabel}</span>
              <YearPicker aria-label={D.yearLabel} value={year} onChange={setYear} style={{ width: 120 }} />
            </>
          )}
          <Button
            onClick={() => {
              forgetCards(userId);
              setCards(defaultCards(seesTasks));
            }}
          >
            {D.restore}
          </Button>
          <Button type="primary" onClick={() => setAdding(true)}>
            {D.add}
          </Button>
        </Space>
      </div>

      {cards.length === 0 ? (
        <Card variant="borderless">
          <EmptyState description={D.noCards} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {cards.map((card, index) => (
            <Col key={card.id} xs={24} xl={8 * card.width}>
              <Card
                className="zg-dashboard__card"
                variant="borderless"
                title={
                  <EditableCell
                    aria-label={`${D.titleLabel}：${card.title}`}
                    value={card.title}
                    onSave={(next) => patch(card.id, { title: next.trim() || D.kinds[card.kind] })}
                  />
                }
                extra={
                  <Space size={2}>
                    <Select<CardWidth>
                      size="small"
                      aria-label={`${D.widthLabel}：${card.title}`}
                      value={card.width}
                      onChange={(width) => patch(card.id, { width })}
                      options={WIDTHS.map((w) => ({ value: w, label: D.widths[w] }))}
                      popupMatchSelectWidth={false}
                      className="zg-dashboard__width"
                    />
                    <Button
                      type="text"
                      size="small"
                      aria-label={`${D.moveUp}：${card.title}`}
                      icon={<LeftIcon />}
                      disabled={index === 0}
                      onClick={() => update(moveCard(cards, card.id, -1))}
                    />
                    <Button
                      type="text"
                      size="small"
                      aria-label={`${D.moveDown}：${card.title}`}
                      icon={<RightIcon />}
                      disabled={index === cards.length - 1}
                      onClick={() => update(moveCard(cards, card.id, 1))}
                    />
                    <Popconfirm
                      title={D.removeConfirm}
                      okText={T.confirm}
                      cancelText={T.cancel}
                      onConfirm={() => update(cards.filter((c) => c.id !== card.id))}
                    >
                      <Button type="text" size="small" aria-label={`${D.remove}：${card.title}`} icon={<CloseIcon />} />
                    </Popconfirm>
                  </Space>
                }
              >
                <QueryBoundary>
                  <CardBody card={card} year={year} />
                </QueryBoundary>
              </Card>
            </Col>
          ))}
        </Row>
      )}

      <AddCardModal
        open={adding}
        kinds={seesTasks ? CARD_KINDS : ['page']}
        onCancel={() => setAdding(false)}
        onAdd={(card) => {
          update([...cards, { ...card, id: newCardId(card.kind, cards) }]);
          setAdding(false);
        }}
      />
    </div>
  );
}

function CardBody({ card, year }: { card: DashboardCard; year: number | null }) {
  switch (card.kind) {
    case 'myFinishRate':
      return <FinishRateCard year={year} label={card.title} />;
    case 'myStatus':
      return <StatusCard year={year} label={card.title} />;
    case 'statusTrend':
    case 'finishTrend':
      return <TrendCard year={year} label={card.title} kind={card.kind} />;
    case 'typeRadar':
      return <TypeRadarCard year={year} label={card.title} />;
    case 'page':
      return card.url ? <IframeEmbed src={card.url} title={card.title} height={PAGE_HEIGHT} /> : null;
  }
}

/** The loading state every chart card shares (a failure is the card's QueryBoundary's). */
function Loading({ pending }: { pending: boolean }) {
  if (pending) return <Spin className="zg-dashboard__loading" />;
  return null;
}

function FinishRateCard({ year, label }: { year: number | null; label: string }) {
  const q = useMyStatus(year);
  if (!q.data) return <Loading pending={q.isPending} />;
  const { finished, issued } = finishOf(q.data.list);
  return (
    <div className="zg-dashboard__gauge">
      <CircularGauge part={finished} total={issued} label={label} />
    </div>
  );
}

function StatusCard({ year, label }: { year: number | null; label: string }) {
  const q = useMyStatus(year);
  const data = useMemo(() => (q.data ? statusBars(q.data.list) : null), [q.data]);
  if (!data) return <Loading pending={q.isPending} />;
  return <BarChart data={data} label={label} height={CHART_HEIGHT} />;
}

function TrendCard({ year, label, kind }: { year: number | null; label: string; kind: 'statusTrend' | 'finishTrend' }) {
  const years = useMemo(() => lastFiveYears(year ?? dayjs().year()), [year]);
  const q = useMyStatusByYear(years);
  const data = useMemo(() => {
    if (!q.data) return null;
    const perYear = q.data.map((d) => ({ year: d.key, list: d.list }));
    return kind === 'statusTrend' ? statusTrend(perYear) : finishTrend(perYear);
  }, [q.data, kind]);
  if (!data) return <Loading pending={q.isPending} />;
  return kind === 'statusTrend' ? (
    <StackedAreaChart data={data} label={label} height={CHART_HEIGHT} />
  ) : (
    <LineChart data={data} label={label} height={CHART_HEIGHT} />
  );
}

function TypeRadarCard({ year, label }: { year: number | null; label: string }) {
  const q = useMyStatusByType(year, TYPES);
  const data = useMemo(() => (q.data ? typeRadar(q.data.map((d) => ({ rwlx: d.key, list: d.list }))) : null), [q.data]);
  if (!data) return <Loading pending={q.isPending} />;
  return <RadarChart data={data} label={label} height={CHART_HEIGHT} />;
}

interface AddValues {
  kind: CardKind;
  title: string;
  width: CardWidth;
  url?: string;
}

function AddCardModal({
  open,
  kinds,
  onCancel,
  onAdd,
}: {
  open: boolean;
  kinds: readonly CardKind[];
  onCancel: () => void;
  onAdd: (card: Omit<DashboardCard, 'id'>) => void;
}) {
  const [form] = Form.useForm<AddValues>();
  const kind = Form.useWatch('kind', form);
  const first = kinds[0] ?? 'page';
  const initial: AddValues = { kind: first, title: D.kinds[first], width: first === 'page' ? 3 : 1 };
  return (
    <Modal
      open={open}
      title={D.addTitle}
      okText={T.confirm}
      cancelText={T.cancel}
      onCancel={onCancel}
      onOk={async () => {
        // The form shows what is wrong beside each field.
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        onAdd({
          kind: v.kind,
          title: v.title.trim(),
          width: v.width,
          ...(v.kind === 'page' ? { url: v.url?.trim() } : {}),
        });
      }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        {!kinds.some((k) => CHART_KINDS.includes(k)) && (
          <Typography.Paragraph type="secondary">{D.tasksOnly}</Typography.Paragraph>
        )}
        <Form.Item name="kind" label={D.kindLabel}>
          <Select<CardKind>
            options={kinds.map((k) => ({ value: k, label: D.kinds[k] }))}
            onChange={(k) => form.setFieldsValue({ title: D.kinds[k], width: k === 'page' ? 3 : 1 })}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={D.titleLabel}
          rules={[{ required: true, whitespace: true, message: D.titleRequired }]}
        >
          <Input maxLength={500} />
        </Form.Item>
        {kind === 'page' && (
          <Form.Item
            name="url"
            label={D.urlLabel}
            rules={[
              {
                validator: (_r, value: string | undefined) =>
                  value && isEmbeddableUrl(value) ? Promise.resolve() : Promise.reject(new Error(D.urlInvalid)),
              },
            ]}
          >
            <Input placeholder={D.urlPlaceholder} maxLength={2000} />
          </Form.Item>
        )}
        <Form.Item name="width" label={D.widthLabel}>
          <Select<CardWidth> options={WIDTHS.map((w) => ({ value: w, label: D.widths[w] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
