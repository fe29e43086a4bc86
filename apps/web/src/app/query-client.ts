import { type Query, QueryCache, QueryClient } from '@tanstack/react-query';
import { WEB_MSG } from '@zg/contract';
import { message } from 'antd';
import { ApiError } from '../api/client';
import { endsSession, errorText } from '../api/errors';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorMessage`: the spec's message for a failed query, shown once as an error toast. */
    queryMeta: { errorMessage?: string };
  }
}

/** Client errors (4xx) will not change on a retry; a dropped connection or a 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.reason === 'timeout') return false;
  return failureCount < 1;
}

/**
 * A failed load is never silent, and this is the one place that decides it:
 * - every failed query shows an error toast (the query's `errorMessage`, else the server's message), once;
 * - a query that has nothing to show throws its error to the nearest error boundary, which shows the page's (or the
 *   panel's) error state with the message and 重试 (components/ErrorBoundary, LoadError). A query that already shows
 *   data keeps it: the toast says the refresh failed.
 * A component that draws the error state in place itself (a card among others, a picker) sets `throwOnError: false`
 * and renders LoadError. An ended session is neither: its dialog or redirect is already under way.
 */
export function throwsToBoundary(error: Error, query: Query<unknown, Error, unknown, readonly unknown[]>): boolean {
  return query.state.data === undefined && !endsSession(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (endsSession(error)) return;
        const text = query.meta?.errorMessage ?? errorText(error, WEB_MSG.loadFailed);
        // Told once: the global handler stays silent on it if it surfaces again.
        if (error instanceof ApiError) error.handled = true;
        message.error({ key: text, content: text });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000, throwOnError: throwsToBoundary },
      mutations: { retry: false },
    },
  });
}
