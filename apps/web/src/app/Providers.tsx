import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, message } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo } from 'react';
import { getLoginRecord, subscribeLoginRecord } from '../api/session';
import { systemSettingQueryKey } from '../session/system-setting';
import { getThemeType, themeFor, useThemeType } from '../session/theme';
import { RECOVER_SESSION_KEY } from './SessionGate';

dayjs.locale('zh-cn');
// Spec-1 section 8: at most 3 toasts at once, for the static API (request client) and the App hooks alike.
message.config({ maxCount: 3 });
// Static message/Modal calls render outside the tree; this gives them the same locale and theme.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={themeFor(getThemeType())}>
      {children}
    </ConfigProvider>
  ),
});

/**
 * Queries that outlive a session: the public system setting, and the session gate's recovery, whose answer
 * ("signed in on this visit") must stay so that losing the session leads to /login, not to another recovery.
 */
const KEPT_WITHOUT_SESSION = new Set<unknown>([systemSettingQueryKey[0], RECOVER_SESSION_KEY]);

/** antd (zh_CN, theme), its App context for message/modal hooks, and TanStack Query. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // A session that ends (sign-out, expiry, failed follow-up loads) takes its cached server data with it.
  useEffect(
    () =>
      subscribeLoginRecord(() => {
        if (getLoginRecord()) return;
        queryClient.removeQueries({ predicate: (q) => !KEPT_WITHOUT_SESSION.has(q.queryKey[0]) });
      }),
    [queryClient],
  );
  const themeType = useThemeType();
  const theme = useMemo(() => themeFor(themeType), [themeType]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp message={{ maxCount: 3 }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
