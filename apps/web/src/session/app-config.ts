import { useQuery } from '@tanstack/react-query';
import { REFERENCE_API as API } from '@zg/contract';
import { call } from '../api/endpoint';

export const appConfigQueryKey = ['appConfig'] as const;

/** `GET /api/user/appConfig` (public): version, feature flags, CAS. */
export function fetchAppConfig(signal?: AbortSignal) {
  return call(API.appConfig, {}, { signal, quiet: true });
}

/** The public app config; feature flags are off until it answers. */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: 10 * 60_000,
    // Without the flags the menu lacks flagged entries only; a page mounting later need not ask again.
    retryOnMount: false,
    // The shell's own load: its failure is the toast, never an error in place of the app.
    throwOnError: false,
  });
}
