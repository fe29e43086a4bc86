import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArchivePageSchema, type ArchiveType, ArchiveTypeCountSchema } from '@zg/contract';
import { z } from 'zod';
import { download, get } from '../../api/client';

const A = '/api/herm-wbs/targetTaskFileArchive';

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
    queryFn: ({ signal }) =>
      get(`${A}/selectPage`, { query: { ...filter, lxId, current, size }, schema: ArchivePageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET typeCount`: the documents per file type under the filter. */
export function useArchiveTypes(filter: ArchiveFilter) {
  return useQuery({
    queryKey: ['archive', 'types', filter],
    queryFn: ({ signal }) =>
      get(`${A}/typeCount`, { query: { ...filter }, schema: z.array(ArchiveTypeCountSchema), signal }),
  });
}

/** `GET download`: the chosen documents (or every document of the filter when none is chosen) as one zip. */
export function downloadArchiveZip(filter: ArchiveFilter, lxId: number | undefined, ids: string[]) {
  return download(`${A}/download`, {
    query: { ...filter, lxId, ids: ids.length ? ids.join(',') : undefined },
    quiet: true,
  });
}
