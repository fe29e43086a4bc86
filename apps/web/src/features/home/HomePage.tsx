import { MODULE_INTRO, SHELL_TEXT as T, UI_TEXT as TEXT, WEB_MSG, welcomeText } from '@zg/contract';
import { App, Avatar, Button, Card, Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastFailure } from '../../api/feedback';
import { CardList } from '../../components/CardList';
import { ItemList } from '../../components/ItemList';
import { BellIcon, LockIcon, LogoutIcon, MENU_ICONS, UserIcon } from '../../components/icons';
import { QueryBoundary } from '../../components/QueryBoundary';
import { useLoginRecord } from '../../session/login-record';
import { useSessionData } from '../../session/session-data';
import { useMenu } from '../../session/use-menu';
import { useProfile } from '../profile/profile.api';
import { useAvatarSrc } from '../profile/use-avatar-src';
import { QualityWarningCard } from '../quality-warning';
import { useShellDialogs } from '../shell/shell-dialogs';
import { useSignOut } from '../shell/use-sign-out';
import { UrgeSubject } from '../target-task/warning/UrgePage';
import { useWarningCountScopes, WarningCountsPanel } from '../target-task/warning/WarningCountsPanel';
import { useAcceptUrge, usePendingUrges } from '../target-task/warning/warning.api';
import { BenchmarkCard } from './BenchmarkCard';
import { DiagnosisTodoCard } from './DiagnosisTodoCard';
import { TodoCard } from './TodoCard';

/** 我的订阅图表 is below the fold: its code (charts, tables) loads after the home page has drawn. */
const SubscribedChartsCard = lazy(() =>
  import('../dashboards/SubscribedChartsCard').then((m) => ({ default: m.SubscribedChartsCard })),
);

/** The signed-in landing page (`/index`): who is signed in, what they can act on now, and the way into each module. */
export default function HomePage() {
  const record = useLoginRecord();
  const session = useSessionData();
  const { menu } = useMenu();
  const navigate = useNavigate();
  const dialogs = useShellDialogs();
  const signOut = useSignOut();
  const profile = useProfile(!!record);
  const avatar = useAvatarSrc(profile.data?.headPortrait ?? record?.displayPhoto);

  const menus = record?.menus ?? {};
  const seesTasks = Object.hasOwn(menus, 'wbs') || Object.hasOwn(menus, 'annualWbs');
  const headed = session?.basicInfo?.newChargeDeparmentList.map((d) => d.bmmc) ?? [];
  const scopes = useWarningCountScopes();
  const showsCounts = scopes.total || scopes.personal || scopes.department;
  const seesImprovement = Object.hasOwn(record?.menus ?? {}, 'improvement');

  // SessionGate renders this page only with a record; this guards the instant after sign-out.
  if (!record) return null;

  // The loaded roles include targetTaskDepart for a department head; the record's list stands in meanwhile.
  const roleNames = session?.status === 'ready' ? session.roles.map((r) => r.roleName) : record.roleNameList;
  const lastAccess = record.lastAccessTime
    ? dayjs(record.lastAccessTime).format('YYYY年M月D日 HH:mm')
    : TEXT.firstAccess;
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
    <div className="zg-home">
      <Card className="zg-home__welcome" variant="borderless">
        <div className="zg-home__welcome-head">
          <Avatar size={64} src={avatar} className="zg-home__avatar">
            {record.userName.slice(0, 1)}
          </Avatar>
          <div className="zg-home__welcome-text">
            <Typography.Title level={4} className="zg-home__title">
              {welcomeText(record.userName)}
            </Typography.Title>
            <Typography.Text type="secondary">{`${greeting()}，${dayjs().format('YYYY年M月D日 dddd')}`}</Typography.Text>
          </div>
          <div className="zg-home__actions">
            <Button icon={<UserIcon />} onClick={dialogs.openProfile}>
              {T.personalCenter}
            </Button>
            <Button icon={<LockIcon />} onClick={dialogs.openPassword}>
              {T.changePassword}
            </Button>
            <Button icon={<LogoutIcon />} loading={signOut.isPending} onClick={() => signOut.mutate()}>
              {TEXT.logoutButton}
            </Button>
          </div>
        </div>
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2, lg: 4 }}
          items={[
            { key: 'userId', label: TEXT.userIdLabel, children: record.userId },
            { key: 'roles', label: TEXT.rolesLabel, children: roleNames.length > 0 ? roleNames.join('、') : '—' },
            { key: 'lastAccess', label: TEXT.lastAccessLabel, children: lastAccess },
            ...(headed.length > 0
              ? [{ key: 'headed', label: WEB_MSG.chargeDepartmentsLabel, children: headed.join('、') }]
              : []),
          ]}
        />
      </Card>

      {(seesTasks || showsCounts || seesImprovement) && (
        <div className="zg-home__row">
          {seesTasks && (
            <QueryBoundary>
              <TodoCard menu={menu} record={record} enabled={!!record} />
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
          <Suspense fallback={null}>
            <SubscribedChartsCard />
          </Suspense>
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
    </div>
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

function greeting(): string {
  const hour = new Date().getHours();
  if (hour < 12) return T.goodMorning;
  if (hour < 18) return T.goodAfternoon;
  return T.goodEvening;
}
