import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AnalysisInput, DIAGNOSIS_API, QUALITY_VIEW_API } from '@zg/contract';
import { call } from '../../../../api/endpoint';

/** The diagnosis feature's key: a save here refreshes the tables, the panel and the cards. */
const KEY = 'diagnosis';

/** `GET rest/quality/selectbyid`: the QCP detail of a row (the panel draws its own failure). */
export function useQcp(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'qcp', id],
    queryFn: ({ signal }) => call(DIAGNOSIS_API.row, { query: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    throwOnError: false,
  });
}

/** `GET rest/quality/samples` within dates (a failure is shown with the server's message). */
export function useSampleRange(id: number | null, range: { start?: string; end?: string }) {
  return useQuery({
    queryKey: [KEY, 'samples', id, range.start ?? '', range.end ?? ''],
    queryFn: ({ signal }) => call(DIAGNOSIS_API.samples, { query: { id: id ?? 0, ...range } }, { signal }),
    enabled: id !== null,
    throwOnError: false,
    retry: false,
  });
}

/** `POST rest/disqualified/update`: cause analysis and improvement measures of a row. */
export function useSaveAnalysis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnalysisInput) => call(QUALITY_VIEW_API.analysisSave, { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [KEY] });
    },
  });
}

/** `GET rest/quality/detail`: a page of the row's 明细数据 (its node's 详情算法); the tab draws its own failure. */
export function useRowDetail(id: number, page: { current: number; size: number }) {
  return useQuery({
    queryKey: [KEY, 'detail', id, page.current, page.size],
    queryFn: ({ signal }) => call(QUALITY_VIEW_API.detail, { query: { id, ...page } }, { signal }),
    throwOnError: false,
    retry: false,
    placeholderData: (previous) => previous,
  });
}
