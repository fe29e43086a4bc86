import { MENUS, SYSTEM_TEXT as T } from '@zg/contract';
import { type RoutedTab, RoutedTabs } from '../../components/RoutedTabs';
import { AuditPanel } from './AuditPanel';
import { DepartmentsPanel } from './DepartmentsPanel';
import { RolesPanel } from './RolesPanel';
import { SessionsPanel } from './SessionsPanel';
import { SettingsPanel } from './SettingsPanel';
import { UsersPanel } from './UsersPanel';

/** The page's own address (/system); each tab lives below it at /system/<key>. */
export const SYSTEM_BASE = MENUS.find((m) => m.key === 'system')?.path ?? '/system';

const TABS: RoutedTab[] = [
  { key: 'users', label: T.users, render: () => <UsersPanel /> },
  { key: 'departments', label: T.departments, render: () => <DepartmentsPanel /> },
  { key: 'roles', label: T.roles, render: () => <RolesPanel /> },
  { key: 'auditLog', label: T.auditLog, render: () => <AuditPanel /> },
  { key: 'sessions', label: T.sessions, render: () => <SessionsPanel /> },
  { key: 'settings', label: T.settings, render: () => <SettingsPanel /> },
];

/** 系统管理 (`/system`, administrators): users, departments, roles and menus, the audit log, sessions, settings. */
export default function SystemPage() {
  return <RoutedTabs base={SYSTEM_BASE} tabs={TABS} />;
}
