import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { THEME } from './theme';

dayjs.locale('zh-cn');
// Spec-1 section 8: at most 3 toasts at once, for the static API (request client) and the App hooks alike.
message.config({ maxCount: 3 });
// Static message/Modal calls render outside the tree; this gives them the same locale and theme.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={THEME}>
      {children}
    </ConfigProvider>
  ),
});

/** antd (zh_CN, theme), its App context for message/modal hooks, and TanStack Query. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp message={{ maxCount: 3 }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
