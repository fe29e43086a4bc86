import { Card, Empty, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';

/** A tab of a page whose tabs have addresses of their own (数据管理, 数据采集). */
export interface RoutedTab {
  /** The tab's address below the page (<base>/<key>); the first tab shown is also the page's own address. */
  key: string;
  label: string;
  /** The tab's content; it routes the addresses below its own itself (base: its address). */
  render: (base: string) => ReactNode;
}

/** The tab an address shows: its first segment below the page, or the first tab. */
export function routedTabOf(base: string, pathname: string, keys: readonly string[]): string | undefined {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const first = rest.split('/').find(Boolean);
  return first && keys.includes(first) ? first : keys[0];
}

/**
 * The page's tabs, each at <base>/<key>: the address chooses the tab, choosing a tab changes the address, and only
 * the active tab renders (with its own routes below its address). The page passes the tabs that are the user's (by
 * the abilities its server sends); `empty` shows when there are none.
 */
export function RoutedTabs({ base, tabs, empty }: { base: string; tabs: readonly RoutedTab[]; empty?: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const shown = tabs;
  const active = routedTabOf(
    base,
    pathname,
    shown.map((t) => t.key),
  );
  if (shown.length === 0 && empty) return <Empty description={empty} />;
  return (
    <Card variant="borderless">
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => navigate(`${base}/${key}`)}
        items={shown.map((t) => ({
          key: t.key,
          label: t.label,
          children:
            t.key === active ? (
              // The tab's own routes are relative to its address (the first tab also shows at the page's).
              <Routes>
                <Route path={`${t.key}/*`} element={t.render(`${base}/${t.key}`)} />
                <Route path="*" element={t.render(`${base}/${t.key}`)} />
              </Routes>
            ) : null,
        }))}
      />
    </Card>
  );
}
