import { type LoginRecord, MODULE_INTRO, SHELL_TEXT as T } from '@zg/contract';
import { App, Button, Card } from 'antd';
import dayjs from 'dayjs';
import { lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastFailure } from '../../api/feedback';
import { CardList } from '../../components/CardList';
import { ItemList } from '../../components/ItemList';
import { BellIcon, MENU_ICONS } from '../../components/icons';
import { QueryBoundary } from '../../components/QueryBoundary';
import { WhenVisible } from '../../components/WhenVisible';

import type { MenuEntry } from '../../session/menu';
import { useSessionData } from '../../session/session-data';
import { QualityWarningCard } from '../quality-warning';
import { UrgeSubject } from '../target-task/warning/UrgeSubject';
import { useWarningCountScopes, WarningCountsPanel } from '../target-task/warning/WarningCountsPanel';
import { useAcceptUrge, usePendingUrges } from '../target-task/warning/warning.api';
import { BenchmarkCard } from './BenchmarkCard';
import { DiagnosisTodoCard } from './DiagnosisTodoCard';
import { TodoCard } from './TodoCard';

/** 我的订阅图表: its code (ECharts included) loads when the card comes near the screen, not with the home page. */
const SubscribedChartsCard = lazy(() =>
  import('../dashboards/SubscribedChartsCard').then((m) => ({ default: m.SubscribedChartsCard })),
);

/**
 * The home page below the welcome card: to-dos, warnings, subscribed charts, urges, benchmark and the module entries.
 * Loaded after the welcome card has drawn (its pickers, tables and dialogs are most of the home page's code).
 */
export default function HomeSections({ record, menu }: { record: LoginRecord; menu: MenuEntry[] }) {
  const session = useSessionData();
  const navigate = useNavigate();
  const menus = record.menus ?? {};
  const seesTasks = Object.hasOwn(menus, 'wbs') || Object.hasOwn(menus, 'annualWbs');
  const headed = session?.basicInfo?.newChargeDeparmentList.map((d) => d.bmmc) ?? [];
  const scopes = useWarningCountScopes();
  const showsCounts = scopes.total || scopes.personal || scopes.department;
  const seesImprovement = Object.hasOwn(menus, 'improvement');
  // Every top-level module, including /dashboards, which the bar hides: the home page is the way into it.
  const entries = menu
    .filter((m) => !m.parent && m.path !== '/index')
    .map((m) => {
      const Icon = m.icon ? MENU_ICONS[m.icon] : undefined;
      return {
        key: m.key,
        title: m.label,
        icon: Icon ? <Icon /> : undefined,
        description: MODULE_INTRO[m.key],
        onClick: () => navigate(m.path),
      };
    });

  return (
    <>
      {(seesTasks || showsCounts || seesImprovement) && (
        <div className="zg-home__row">
          {seesTasks && (
            <QueryBoundary>
              <TodoCard menu={menu} record={record} enabled />
            </QueryBoundary>
          )}
          {showsCounts && (
            <Card className="zg-home__warnings" title={T.warningsTitle} variant="borderless">
              <QueryBoundary>
                <WarningCountsPanel />
              </QueryBoundary>
            </Card>
          )}
          {seesImprovement && (
            <QueryBoundary>
              <QualityWarningCard />
            </QueryBoundary>
          )}
        </div>
      )}

      {(Object.hasOwn(menus, 'dashboards') || Object.hasOwn(menus, 'homePage')) && (
        <QueryBoundary>
          {/* No height kept for it: a user without subscribed charts gets no card, and nothing below would move up. */}
          <WhenVisible minHeight={1}>
            <SubscribedChartsCard />
          </WhenVisible>
        </QueryBoundary>
      )}

      {Object.hasOwn(menus, 'improvement') && (
        <QueryBoundary>
          <DiagnosisTodoCard record={record} />
        </QueryBoundary>
      )}

      {seesTasks && headed.length > 0 && (
        <QueryBoundary>
          <UrgeCard />
        </QueryBoundary>
      )}

      <QueryBoundary>
        <BenchmarkCard />
      </QueryBoundary>

      <Card className="zg-home__entries" title={T.quickEntry} variant="borderless">
        <CardList items={entries} empty={T.noEntries} />
      </Card>
    </>
  );
}

/** Spec: each urge shows on the receiving department head's home page until it is accepted. */
function UrgeCard() {
  const urges = usePendingUrges(true);
  const accept = useAcceptUrge();
  const { message } = App.useApp();
  const pending = urges.data ?? [];
  return (
    <Card
      className="zg-home__urges"
      title={
        <span className="zg-home__urges-title">
          <BellIcon /> {T.urgesTitle}
        </span>
      }
      variant="borderless"
      loading={urges.isPending}
    >
      <ItemList
        empty={T.noUrges}
        items={pending.map((urge) => ({
          key: urge.id,
          title: (
            <span>
              <UrgeSubject urge={urge} />
              {`（${urge.bmmc}）`}
            </span>
          ),
          description: `${urge.urgerName ?? ''} ${dayjs(urge.urgedAt).format('YYYY-MM-DD HH:mm')}${urge.content ? ` · ${urge.content}` : ''}`,
          actions: [
            <Button
              key="accept"
              type="primary"
              size="small"
              loading={accept.isPending && accept.variables === urge.id}
              onClick={() =>
                accept.mutate(urge.id, {
                  onSuccess: () => message.success(`${T.acceptUrge}：${urge.bmmc}`),
                  onError: (e) => toastFailure(message, e),
                })
              }
            >
              {T.acceptUrge}
            </Button>,
          ],
        }))}
      />
    </Card>
  );
}
