import { SHELL_TEXT as T, UI_TEXT as TEXT, WEB_MSG, welcomeText } from '@zg/contract';
import { Avatar, Button, Card, Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { LockIcon, LogoutIcon, UserIcon } from '../../components/icons';
import { QueryBoundary } from '../../components/QueryBoundary';
import { useLoginRecord } from '../../session/login-record';
import { useSessionData } from '../../session/session-data';
import { useMenu } from '../../session/use-menu';
import { useProfile } from '../profile/profile.api';
import { useAvatarSrc } from '../profile/use-avatar-src';
import { useShellDialogs } from '../shell/shell-dialogs';
import { useSignOut } from '../shell/use-sign-out';

/**
 * What follows the welcome card loads as one chunk after it has drawn: a phone on a slow network shows who is signed
 * in and their roles first, without waiting for the code of the to-do lists, pickers, tables and charts below.
 */
const loadSections = () => import('./HomeSections');
const HomeSections = lazy(loadSections);
// Fetched as soon as the home page's code has arrived (it is preloaded while the session is checked).
if (typeof window !== 'undefined') void loadSections().catch(() => undefined);

/** The signed-in landing page (`/index`): who is signed in, what they can act on now, and the way into each module. */
export default function HomePage() {
  const record = useLoginRecord();
  const session = useSessionData();
  const { menu } = useMenu();
  const dialogs = useShellDialogs();
  const signOut = useSignOut();
  const profile = useProfile(!!record);
  const avatar = useAvatarSrc(profile.data?.headPortrait ?? record?.displayPhoto);

  const headed = session?.basicInfo?.newChargeDeparmentList.map((d) => d.bmmc) ?? [];

  // SessionGate renders this page only with a record; this guards the instant after sign-out.
  if (!record) return null;

  // The loaded roles include targetTaskDepart for a department head; the record's list stands in meanwhile.
  const roleNames = session?.status === 'ready' ? session.roles.map((r) => r.roleName) : record.roleNameList;
  const lastAccess = record.lastAccessTime
    ? dayjs(record.lastAccessTime).format('YYYY年M月D日 HH:mm')
    : TEXT.firstAccess;
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

      <QueryBoundary>
        <Suspense fallback={null}>
          <HomeSections record={record} menu={menu} />
        </Suspense>
      </QueryBoundary>
    </div>
  );
}

function greeting(): string {
  const hour = new Date().getHours();
  if (hour < 12) return T.goodMorning;
  if (hour < 18) return T.goodAfternoon;
  return T.goodEvening;
}
