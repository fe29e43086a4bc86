import { useMutation } from '@tanstack/react-query';
import { MSG, UI_TEXT as TEXT, WEB_MSG, welcomeText } from '@zg/contract';
import { App, Avatar, Button, Card, Descriptions, Empty, Layout, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSession } from '../../api/session';
import { useSessionData } from '../../app/session-data';
import { useSystemSetting } from '../../app/system-setting';
import { useLoginRecord } from '../../app/use-login-record';
import { LogoutIcon } from '../../components/icons';
import { SystemLogo } from '../../components/SystemLogo';
import { logout } from '../auth/auth.api';
import { menuNames } from './menu-names';

/** Signed-in landing page (`/index`): who is signed in, the granted menus, and sign-out. */
export function HomePage() {
  const record = useLoginRecord();
  const navigate = useNavigate();
  const session = useSessionData();
  const { modal, message } = App.useApp();
  const { systemName, logoUrl } = useSystemSetting();
  const menus = useMemo(() => menuNames(record?.menus ?? {}), [record]);

  const signOut = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Leave the signed-in route first, so clearing the record does not start a try-login here.
      navigate('/login', { replace: true });
      clearSession();
      message.success(MSG.logoutSuccess);
    },
    onError: (error) => modal.error({ title: WEB_MSG.logoutFailedTitle, content: error.message }),
  });

  // SessionGate renders this page only with a record; this guards the instant after sign-out.
  if (!record) return null;

  // The loaded roles include targetTaskDepart for a department head; the record's list stands in meanwhile.
  const roleNames = session?.status === 'ready' ? session.roles.map((r) => r.roleName) : record.roleNameList;
  const roles = roleNames.length > 0 ? roleNames.join('、') : '—';
  const headed = session?.basicInfo?.newChargeDeparmentList.map((d) => d.bmmc) ?? [];
  const lastAccess = record.lastAccessTime
    ? dayjs(record.lastAccessTime).format('YYYY年M月D日 HH:mm')
    : TEXT.firstAccess;

  return (
    <Layout className="zg-shell">
      <Layout.Header className="zg-header">
        <div className="zg-header__brand">
          <SystemLogo url={logoUrl} size={32} />
          <span className="zg-header__name" title={systemName}>
            {systemName}
          </span>
        </div>
        <div className="zg-header__user">
          <Avatar className="zg-header__avatar" src={record.displayPhoto || undefined} size={32}>
            {record.userName.slice(0, 1)}
          </Avatar>
          <span className="zg-header__welcome">{welcomeText(record.userName)}</span>
          <Button
            className="zg-header__logout"
            ghost
            icon={<LogoutIcon />}
            loading={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            {TEXT.logoutButton}
          </Button>
        </div>
      </Layout.Header>

      <Layout.Content className="zg-home">
        <Card className="zg-home__profile" variant="borderless">
          <div className="zg-home__profile-head">
            <Avatar size={56} src={record.displayPhoto || undefined} className="zg-home__profile-avatar">
              {record.userName.slice(0, 1)}
            </Avatar>
            <Typography.Title level={4} className="zg-home__profile-name">
              {record.userName}
            </Typography.Title>
          </div>
          <Descriptions
            column={{ xs: 1, sm: 1, md: 3 }}
            items={[
              { key: 'userId', label: TEXT.userIdLabel, children: record.userId },
              { key: 'roles', label: TEXT.rolesLabel, children: roles },
              { key: 'lastAccess', label: TEXT.lastAccessLabel, children: lastAccess },
              ...(headed.length > 0
                ? [{ key: 'headed', label: WEB_MSG.chargeDepartmentsLabel, children: headed.join('、') }]
                : []),
            ]}
          />
        </Card>

        <Card className="zg-home__menus" title={TEXT.myMenus} variant="borderless">
          {menus.length > 0 ? (
            <div className="zg-home__tags">
              {menus.map((menu) => (
                <Tag key={menu.key} color="blue" className="zg-home__tag">
                  {menu.name}
                </Tag>
              ))}
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.noMenus} />
          )}
        </Card>
      </Layout.Content>
    </Layout>
  );
}
