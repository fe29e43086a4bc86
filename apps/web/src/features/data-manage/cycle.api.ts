import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CYCLE_API as API, type CycleInput, type CycleUpdate, LIMITS } from '@zg/contract';
import { call } from '../../api/endpoint';

/** `GET .../cycleType/getCycleType`: the five cycle types. */
export function useCycleTypes() {
  return useQuery({ queryKey: ['cycle', 'types'], queryFn: ({ signal }) => call(API.cycleTypes, {}, { signal }) });
}

/** `GET .../cycle/selectquery`: a page of values, of one type or 全部. */
export function useCyclePage(q: { current: number; cycleTypeId: number | ''; keyword: string }) {
  return useQuery({
    queryKey: ['cycle', 'page', q],
    queryFn: ({ signal }) =>
      call(
        API.cyclePage,
        {
          query: {
            current: q.current,
            size: LIMITS.defaultPageSize,
            cycleTypeId: q.cycleTypeId === '' ? undefined : q.cycleTypeId,
            keyword: q.keyword || undefined,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every change refreshes the values, the types' counts and every picker's option list. */
function useCycleMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['cycle'] }),
  });
}

export const useSaveCycle = () =>
  useCycleMutation((input: CycleInput | CycleUpdate) =>
    'id' in input ? call(API.cycleUpdate, { body: input }) : call(API.cycleInsert, { body: input }),
  );
export const useDeleteCycle = () => useCycleMutation((id: number) => call(API.cycleDelete, { params: { id } }));
export const useDeleteCycles = () => useCycleMutation((ids: number[]) => call(API.cyclesDelete, { body: { ids } }));
export const useToggleDefault = () => useCycleMutation((id: number) => call(API.cycleDefault, { params: { id } }));
export const useToggleHidden = () => useCycleMutation((id: number) => call(API.cycleHide, { params: { id } }));
