import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ARCHIVE_API as API, type ArchiveType } from '@zg/contract';
import { call, downloadFrom } from '../../api/endpoint';

/** The filter of an archive page: which archive, and the toolbar. */
export interface ArchiveFilter {
  type: ArchiveType;
  year?: number;
  name?: string;
}

/** `GET selectPage`: one page of documents, of one file type (`lxId`, 0 untyped) or all. */
export function useArchivePage(filter: ArchiveFilter, lxId: number | undefined, current: number, size: number) {
  return useQuery({
    queryKey: ['archive', 'page', filter, lxId, current, size],
    queryFn: ({ signal }) => call(API.page, { query: { ...filter, lxId, current, size } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET typeCount`: the documents per file type under the filter. */
export function useArchiveTypes(filter: ArchiveFilter) {
  return useQuery({
    queryKey: ['archive', 'types', filter],
    queryFn: ({ signal }) => call(API.typeCount, { query: { ...filter } }, { signal }),
  });
}

/** `GET download`: the chosen documents (or every document of the filter when none is chosen) as one zip. */
export function downloadArchiveZip(filter: ArchiveFilter, lxId: number | undefined, ids: string[]) {
  return downloadFrom(
    API.download,
    { query: { ...filter, lxId, ids: ids.length ? ids.join(',') : undefined } },
    { quiet: true },
  );
}
