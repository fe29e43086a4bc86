import { MODULE_INTRO, SHELL_TEXT as T, UI_TEXT as TEXT, WEB_MSG, welcomeText } from '@zg/contract';
import { App, Avatar, Button, Card, Descriptions, List, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { useSessionData } from '../../app/session-data';
import { useLoginRecord } from '../../app/use-login-record';
import { CardList } from '../../components/CardList';
import { EmptyState } from '../../components/EmptyState';
import { BellIcon, LockIcon, LogoutIcon, MENU_ICONS, UserIcon } from '../../components/icons';
import { useProfile } from '../profile/profile.api';
import { useAvatarSrc } from '../profile/use-avatar-src';
import { useAppConfig, useMenu } from '../shell/shell.api';
import { useShellDialogs } from '../shell/shell-dialogs';
import { useSignOut } from '../shell/use-sign-out';
import { BenchmarkCard } from './BenchmarkCard';
import { useAcceptUrge, useMyUrges, useWarningCounts, type WarningScope } from './home.api';
import { TodoCard } from './TodoCard';

/** The signed-in landing page (`/index`): who is signed in, what they can act on now, and the way into each module. */
export default function HomePage() {
  const record = useLoginRecord();
  const session = useSessionData();
  const { bar, menu } = useMenu();
  const flags = useAppConfig().data?.featureFlags ?? [];
  const navigate = useNavigate();
  const dialogs = useShellDialogs();
  const signOut = useSignOut();
  const profile = useProfile(!!record);
  const avatar = useAvatarSrc(profile.data?.headPortrait ?? record?.displayPhoto);

  const menus = record?.menus ?? {};
  const seesTasks = Object.hasOwn(menus, 'wbs') || Object.hasOwn(menus, 'annualWbs');
  // Spec-1 section 6: the annual wbs task keys load personal and department counts, with the feature flag on.
  const annualOn = flags.includes('newTaskManagement') && Object.hasOwn(menus, 'annualWbs');
  const scopes: WarningScope[] = [
    ...(seesTasks ? (['total'] as const) : []),
    ...(annualOn && Object.hasOwn(menus, 'annualWbsPersonal') ? (['personal'] as const) : []),
    ...(annualOn && Object.hasOwn(menus, 'annualWbsDepartment') ? (['department'] as const) : []),
  ];
  const headed = session?.basicInfo?.newChargeDeparmentList.map((d) => d.bmmc) ?? [];

  // SessionGate renders this page only with a record; this guards the instant after sign-out.
  if (!record) return null;

  // The loaded roles include targetTaskDepart for a department head; the record's list stands in meanwhile.
  const roleNames = session?.status === 'ready' ? session.roles.map((r) => r.roleName) : record.roleNameList;
  const lastAccess = record.lastAccessTime
    ? dayjs(record.lastAccessTime).format('YYYY年M月D日 HH:mm')
    : TEXT.firstAccess;
  const entries = bar
    .filter((m) => m.path !== '/index')
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

      {seesTasks && (
        <div className="zg-home__row">
          <TodoCard menu={menu} headsDepartment={headed.length > 0} enabled={!!record} />
          <Card className="zg-home__warnings" title={T.warningsTitle} variant="borderless">
            {scopes.map((scope) => (
              <WarningRow key={scope} scope={scope} single={scopes.length === 1} />
            ))}
          </Card>
        </div>
      )}

      {seesTasks && headed.length > 0 && <UrgeCard />}

      <BenchmarkCard />

      <Card className="zg-home__entries" title={T.quickEntry} variant="borderless">
        <CardList items={entries} empty={T.noEntries} />
      </Card>
    </div>
  );
}

const SCOPE_LABEL: Record<WarningScope, string> = {
  total: T.totalWarningsScope,
  personal: T.personalWarningsScope,
  department: T.departmentWarningsScope,
};

/** One scope's warning counts: total, process and overdue warnings. */
function WarningRow({ scope, single }: { scope: WarningScope; single: boolean }) {
  const counts = useWarningCounts(scope, true);
  return (
    <div className="zg-home__warning-row">
      {!single && <div className="zg-home__warning-scope">{SCOPE_LABEL[scope]}</div>}
      {counts.isError ? (
        <EmptyState description={counts.error.message} />
      ) : (
        <div className="zg-home__stats">
          <Statistic title={T.totalWarnings} value={counts.data?.totalWarningCount ?? 0} loading={counts.isPending} />
          <Statistic
            title={T.processWarnings}
            value={counts.data?.processWarningCount ?? 0}
            loading={counts.isPending}
          />
          <Statistic
            title={T.expiredWarnings}
            value={counts.data?.expiredWarningCount ?? 0}
            loading={counts.isPending}
          />
        </div>
      )}
    </div>
  );
}

/** Spec: each urge shows on the receiving department head's home page until it is accepted. */
function UrgeCard() {
  const urges = useMyUrges(true);
  const accept = useAcceptUrge();
  const { message } = App.useApp();
  const pending = (urges.data ?? []).filter((u) => u.state === 'urge');
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
      {urges.isError ? (
        <EmptyState description={urges.error.message} />
      ) : pending.length === 0 ? (
        <EmptyState description={T.noUrges} />
      ) : (
        <List
          dataSource={pending}
          renderItem={(urge) => (
            <List.Item
              actions={[
                <Button
                  key="accept"
                  type="primary"
                  size="small"
                  loading={accept.isPending && accept.variables === urge.id}
                  onClick={() =>
                    accept.mutate(urge.id, { onSuccess: (_d) => message.success(`${T.acceptUrge}：${urge.bmmc}`) })
                  }
                >
                  {T.acceptUrge}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <span>
                    <Tag color="orange">{urge.currentStatus === 1 ? T.urgeNotSet : T.urgeNotDecomposed}</Tag>
                    {`${urge.yearTargetName ?? ''}（${urge.bmmc}）`}
                  </span>
                }
                description={`${urge.urgerName ?? ''} ${dayjs(urge.urgedAt).format('YYYY-MM-DD HH:mm')}${urge.content ? ` · ${urge.content}` : ''}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function greeting(): string {
  const hour = new Date().getHours();
  if (hour < 12) return T.goodMorning;
  if (hour < 18) return T.goodAfternoon;
  return T.goodEvening;
}
