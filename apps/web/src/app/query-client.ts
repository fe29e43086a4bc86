import { QueryCache, QueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { ApiError } from '../api/client';
import { endsSession } from '../api/errors';

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // An ended session already has its dialog or redirect; a failed-load toast would only repeat it.
        if (endsSession(error)) return;
        const text = query.meta?.errorMessage;
        if (text) message.error({ key: text, content: text });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
