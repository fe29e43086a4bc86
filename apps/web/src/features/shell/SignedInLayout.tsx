import { LIMITS, SHELL_TEXT as T } from '@zg/contract';
import { Button, Layout, Menu, type MenuProps, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { MENU_ICONS, MenuFoldIcon, MenuUnfoldIcon } from '../../components/icons';
import { DelayedSpin, preloadElement } from '../../components/LazyPage';
import { QueryBoundary } from '../../components/QueryBoundary';
import { NARROW_SCREEN, useMediaQuery } from '../../components/use-media-query';
import { useOpenedOnce } from '../../components/use-opened-once';
import { useLoginRecord } from '../../session/login-record';
import { childrenOf, entryFor, firstLeaf, type MenuEntry, selectedTopKey } from '../../session/menu';
import { menuRoutes, pageAt, subPageLines, useRouteTable } from '../../session/routes';
import { isDarkTheme, useThemeType } from '../../session/theme';
import { useMenu } from '../../session/use-menu';
import { type OpenTab, PageTabs } from './PageTabs';
import { ShellDialogsContext } from './shell-dialogs';
import { TopBar } from './TopBar';
import { useFocusableScrollers } from './use-scrollable-regions';

// The dialogs of 个人中心 and 修改密码 (forms, the portrait's upload and compression) load when first opened.
const ProfileDialog = lazy(() => import('../profile/ProfileDialog').then((m) => ({ default: m.ProfileDialog })));
const ChangePasswordDialog = lazy(() =>
  import('../profile/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** The signed-in layout (spec-1 section 2): top bar, collapsible sidebar, tab bar and the menu's pages. */
export function SignedInLayout() {
  const { menu, bar, ready } = useMenu();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dark = isDarkTheme(useThemeType());
  const [collapsed, setCollapsed] = useState(false);
  // On a phone the sidebar is a drawer over the page, closed until the toggle opens it, and closed again by a choice.
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sideCollapsed = narrow ? !drawerOpen : collapsed;
  useEffect(() => {
    if (!narrow || !drawerOpen) return;
    const closeOnEscape = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [narrow, drawerOpen]);
  useFocusableScrollers();
  const [dialog, setDialog] = useState<'profile' | 'password' | null>(null);
  const profileOpened = useOpenedOnce(dialog === 'profile');
  const passwordOpened = useOpenedOnce(dialog === 'password');
  const dialogs = useMemo(
    () => ({ openProfile: () => setDialog('profile'), openPassword: () => setDialog('password') }),
    [],
  );

  const current = entryFor(menu, pathname);
  const [tabs, setTabs] = useState<OpenTab[]>([]);

  const topKey = selectedTopKey(menu, pathname);
  const top = menu.find((m) => m.key === topKey);
  const record = useLoginRecord();
  // A reset or new account: nothing but the forced password change until it is done (the server answers 403 to
  // everything else meanwhile), so no page is rendered behind the dialog.
  const forced = record?.mustChangePassword === true;
  const table = useRouteTable();
  // The page this visit opens starts fetching its code now, while the user's menu loads, not after (once).
  useState(() => preloadElement(pageAt(table, pathname)));
  // The module's entry, its catalogue children, then the sub-pages the module lists for this user.
  const lines = useMemo(() => {
    if (!top) return [];
    return [
      ...[top, ...childrenOf(menu, top.key)].map((e) => ({ path: e.path, label: e.label, icon: e.icon })),
      ...subPageLines(table, top.key, record).map((p) => ({ ...p, icon: undefined as string | undefined })),
    ];
  }, [menu, top, table, record]);
  const sideItems = useMemo(() => {
    return lines.map((line) => {
      const Icon = MENU_ICONS[line.icon ?? top?.icon ?? ''];
      return {
        key: line.path,
        icon: Icon ? <Icon /> : undefined,
        label: line.label,
        onClick: () => {
          setDrawerOpen(false);
          navigate(line.path);
        },
      };
    }) satisfies NonNullable<MenuProps['items']>;
  }, [lines, top, navigate]);
  // The longest sidebar line that is the route or a prefix of it.
  const selectedSide = sideItems
    .map((i) => i.key)
    .filter((k) => pathname === k || pathname.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)[0];

  // One tab per page (a sidebar line), not per module; a tab returns to where the user was on that page (a detail
  // below it included), and closing one goes back to where the user was on the last one left.
  const page = lines.find((l) => l.path === selectedSide) ?? (current && { path: current.path, label: current.label });
  const pagePath = page?.path;
  const pageLabel = page?.label;
  useEffect(() => {
    if (!pagePath || !pageLabel) return;
    setTabs((open) => {
      const i = open.findIndex((t) => t.path === pagePath);
      if (i < 0) return [...open, { path: pagePath, label: pageLabel, at: pathname }];
      if (open[i]?.at === pathname) return open;
      return open.map((t, j) => (j === i ? { ...t, at: pathname } : t));
    });
  }, [pagePath, pageLabel, pathname]);
  const goTo = (path: string) => navigate(tabs.find((t) => t.path === path)?.at ?? path);
  const closeTab = (path: string) => {
    const rest = tabs.filter((t) => t.path !== path);
    setTabs(rest);
    if (pagePath === path) navigate(rest[rest.length - 1]?.at ?? firstLeaf(menu));
  };

  return (
    <ShellDialogsContext.Provider value={dialogs}>
      <Layout className="zg-shell">
        <TopBar bar={bar} />
        <Layout className="zg-shell__body">
          <Layout.Sider
            className={narrow ? 'zg-sider zg-sider--drawer' : 'zg-sider'}
            width={255}
            collapsedWidth={narrow ? 0 : 80}
            collapsed={sideCollapsed}
            trigger={null}
            theme={dark ? 'dark' : 'light'}
          >
            {/* A closed drawer draws no menu (a phone's first paint is the page, not a hidden menu). */}
            {!(narrow && !drawerOpen) && (
              <Menu
                mode="inline"
                theme={dark ? 'dark' : 'light'}
                items={sideItems}
                selectedKeys={selectedSide ? [selectedSide] : []}
                inlineCollapsed={sideCollapsed}
              />
            )}
          </Layout.Sider>
          {narrow && drawerOpen && (
            // The page behind the open drawer: a tap closes it (the toggle and Escape do too).
            <button
              type="button"
              className="zg-sider-mask"
              tabIndex={-1}
              aria-label={T.collapseSidebar}
              onClick={() => setDrawerOpen(false)}
            />
          )}
          <Layout className="zg-main">
            <div className="zg-tabbar">
              <Button
                type="text"
                className="zg-tabbar__toggle"
                aria-label={sideCollapsed ? T.expandSidebar : T.collapseSidebar}
                aria-expanded={narrow ? drawerOpen : undefined}
                icon={sideCollapsed ? <MenuUnfoldIcon /> : <MenuFoldIcon />}
                onClick={() => (narrow ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
              />
              <PageTabs tabs={tabs} active={pagePath} onOpen={goTo} onClose={closeTab} />
            </div>
            <Layout.Content className="zg-content">
              <QueryBoundary key={pathname}>
                <Suspense fallback={<DelayedSpin delayMs={LIMITS.pageLoad.spinnerDelayMs} />}>
                  {forced ? null : ready ? <MenuRoutes menu={menu} /> : <Spin className="zg-content__loading" />}
                </Suspense>
              </QueryBoundary>
            </Layout.Content>
          </Layout>
        </Layout>
      </Layout>
      <Suspense fallback={null}>
        {profileOpened && <ProfileDialog open={dialog === 'profile'} onClose={() => setDialog(null)} />}
        {(passwordOpened || forced) && (
          <ChangePasswordDialog
            open={forced || dialog === 'password'}
            forced={forced}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </ShellDialogsContext.Provider>
  );
}

/**
 * Spec-1 section 2's content area: the routes of the user's menu (each entry's page and the sub-pages of its module
 * the user gets), and a redirect to the first leaf (or /index) for anything else. /index is always there, as the
 * landing page of a user with no menu.
 */
function MenuRoutes({ menu }: { menu: MenuEntry[] }) {
  const table = useRouteTable();
  const record = useLoginRecord();
  const home = table.homePage?.page;
  return (
    <Routes>
      {menuRoutes(table, menu, record).map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={route.redirect === undefined ? route.element : <Navigate to={route.redirect} replace />}
        />
      ))}
      {home && !menu.some((m) => m.path === '/index') && <Route path="/index" element={home} />}
      <Route path="*" element={<Navigate to={firstLeaf(menu)} replace />} />
    </Routes>
  );
}
