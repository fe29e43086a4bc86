import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_API as API } from '@zg/contract';
import { call } from '../../api/endpoint';

const KEY = ['notification'] as const;
/** The bell asks again this often (and when the window regains focus), so a new item shows within a minute. */
export const UNREAD_POLL_MS = 60_000;

/** The unread count of the bell; a failure leaves the bell without a number rather than replacing the header. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'unread'],
    queryFn: ({ signal }) => call(API.unreadCount, {}, { signal, quiet: true }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    throwOnError: false,
  });
}

/** A page of the user's items, all or unread only. */
export function useNotifications(q: { current: number; size: number; unread: boolean }, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'list', q],
    queryFn: ({ signal }) =>
      call(API.list, { query: { current: q.current, size: q.size, unread: q.unread ? 'true' : 'false' } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    throwOnError: false,
  });
}

/** Marks items read, one or all; the bell and the lists follow. */
export function useMarkRead() {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: KEY });
  const one = useMutation({
    mutationFn: (id: number) => call(API.read, { body: { id } }, { quiet: true }),
    onSettled: settle,
  });
  const all = useMutation({ mutationFn: () => call(API.readAll, {}), onSettled: settle });
  return { one, all };
}
