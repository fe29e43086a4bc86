import { AUTH_MSG, SHELL_TEXT as T, UI_TEXT } from '@zg/contract';
import { App, Avatar, ConfigProvider, Dropdown, Menu, type MenuProps } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CheckIcon, DownIcon, LockIcon, LogoutIcon, MENU_ICONS, UserIcon } from '../../components/icons';
import { SystemLogo } from '../../components/SystemLogo';
import { NARROW_SCREEN, useMediaQuery } from '../../components/use-media-query';
import { useLoginRecord } from '../../session/login-record';
import { type MenuEntry, selectedTopKey } from '../../session/menu';
import { useSystemSetting } from '../../session/system-setting';
import { headerColorFor, isDarkTheme, setThemeType, THEME_SWATCHES, useThemeType } from '../../session/theme';
import { NotificationBell } from '../notification/NotificationBell';
import { saveTheme, useProfile } from '../profile/profile.api';
import { useAvatarSrc } from '../profile/use-avatar-src';
import { useShellDialogs } from './shell-dialogs';
import { useSignOut } from './use-sign-out';

/** Spec-1 section 2: logo and system name, the horizontal menu with its 更多 overflow, theme swatches, the user. */
export function TopBar({ bar }: { bar: MenuEntry[] }) {
  const { pathname } = useLocation();
  const themeType = useThemeType();
  const headerColor = headerColorFor(themeType, pathname);
  const { systemName, logoUrl } = useSystemSetting();
  const narrow = useMediaQuery(NARROW_SCREEN);

  return (
    <header className="zg-header" style={{ background: headerColor }} data-dark={isDarkTheme(themeType)}>
      <div className="zg-header__brand">
        <SystemLogo url={logoUrl} size={32} />
        <span className="zg-header__name" title={systemName}>
          {systemName}
        </span>
      </div>
      {narrow ? <ModulesDropdown bar={bar} /> : <HeaderMenu bar={bar} pathname={pathname} background={headerColor} />}
      <ThemeSwatches current={themeType} />
      <NotificationBell />
      <UserArea />
    </header>
  );
}

/** The bar's modules as menu items (icon, label, opening the module), for the header menu and a phone's 更多 list. */
function moduleItems(
  bar: MenuEntry[],
  navigate: (path: string) => void,
  label: (entry: MenuEntry) => ReactNode,
): NonNullable<MenuProps['items']> {
  return bar.map((entry) => {
    const Icon = entry.icon ? MENU_ICONS[entry.icon] : undefined;
    return {
      key: entry.key,
      icon: Icon ? <Icon /> : undefined,
      label: label(entry),
      onClick: () => navigate(entry.path),
    };
  });
}

function HeaderMenu({ bar, pathname, background }: { bar: MenuEntry[]; pathname: string; background: string }) {
  const navigate = useNavigate();
  const items = useMemo(
    () => moduleItems(bar, navigate, (entry) => <span data-menu-key={entry.key}>{entry.label}</span>),
    [bar, navigate],
  );
  const selected = selectedTopKey(bar, pathname);
  const menuTheme = useMemo(
    () => ({
      components: {
        Menu: {
          darkItemBg: 'transparent',
          darkPopupBg: background,
          darkSubMenuItemBg: background,
          // White text at 4.5:1 or more (WCAG AA): the header colour is a readable shade (readableUnderWhite), and the
          // selected and hovered items darken it rather than lighten it.
          darkItemSelectedBg: 'rgba(0,0,0,0.2)',
          darkItemColor: '#fff',
          darkItemHoverColor: '#fff',
          darkItemHoverBg: 'rgba(0,0,0,0.12)',
          horizontalLineHeight: '60px',
        },
      },
    }),
    [background],
  );
  return (
    <ConfigProvider theme={menuTheme}>
      <Menu
        className="zg-header__menu"
        mode="horizontal"
        theme="dark"
        items={items}
        selectedKeys={selected ? [selected] : []}
        overflowedIndicator={<span className="zg-header__more">{T.more}</span>}
      />
    </ConfigProvider>
  );
}

/** A phone's module menu: one 更多 button whose list of modules is drawn only when opened. */
function ModulesDropdown({ bar }: { bar: MenuEntry[] }) {
  const navigate = useNavigate();
  const items = moduleItems(bar, navigate, (entry) => entry.label);
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <button type="button" className="zg-header__modules">
        {T.more}
        <DownIcon />
      </button>
    </Dropdown>
  );
}

/** The colour swatches; the choice is kept in localStorage and stored for the user on the server. */
function ThemeSwatches({ current }: { current: string }) {
  const { message } = App.useApp();
  const choose = (value: string) => {
    if (value === current) return;
    setThemeType(value);
    saveTheme(value).catch(() => message.error({ key: 'theme', content: AUTH_MSG.themeUpdateFailed }));
  };
  return (
    <fieldset className="zg-theme" aria-label={T.themeLabel}>
      {THEME_SWATCHES.map((swatch) => {
        const selected = swatch.value === current;
        return (
          <button
            key={swatch.value}
            type="button"
            className="zg-theme__swatch"
            style={{ background: swatch.value }}
            aria-label={swatch.label}
            aria-pressed={selected}
            title={swatch.label}
            onClick={() => choose(swatch.value)}
          >
            {selected && <CheckIcon />}
          </button>
        );
      })}
    </fieldset>
  );
}

function UserArea() {
  const record = useLoginRecord();
  const profile = useProfile(!!record);
  const avatar = useAvatarSrc(profile.data?.headPortrait ?? record?.displayPhoto);
  const dialogs = useShellDialogs();
  const signOut = useSignOut();
  if (!record) return null;
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserIcon />, label: T.personalCenter, onClick: dialogs.openProfile },
    { key: 'password', icon: <LockIcon />, label: T.changePassword, onClick: dialogs.openPassword },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutIcon />, label: UI_TEXT.logoutButton, onClick: () => signOut.mutate() },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <button type="button" className="zg-header__user" aria-label={`${record.userName} ${T.userMenu}`}>
        {/* The initial is drawn by CSS (data-initial): the button's visible text is then the name its label holds. */}
        <Avatar
          className="zg-header__avatar"
          src={avatar}
          size={32}
          aria-hidden="true"
          data-initial={avatar ? undefined : record.userName.slice(0, 1)}
        />
        <span className="zg-header__username">{record.userName}</span>
        <DownIcon />
      </button>
    </Dropdown>
  );
}
