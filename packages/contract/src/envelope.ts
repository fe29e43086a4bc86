import { z } from 'zod';
import { optionPageSize, PageNumSchema, pageSize } from './primitives';

/** Every response: `{ meta: { success, message, code? }, data }` (ARCHITECTURE.md "API conventions"). */
export const MetaSchema = z.object({
  success: z.boolean().describe('是否成功 / success'),
  message: z.string().describe('提示信息 / message'),
  code: z.number().int().optional().describe('业务错误码 / business error code'),
});
export type Meta = z.infer<typeof MetaSchema>;

export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ meta: MetaSchema, data });
}

export const ErrorEnvelopeSchema = z.object({
  meta: MetaSchema,
  data: z.null(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Resource-style page (herm-wbs and other resource modules). */
export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number().int().describe('总条数 / total rows'),
    current: z.number().int().describe('当前页 / current page'),
    pages: z.number().int().describe('总页数 / page count'),
    size: z.number().int().describe('每页条数 / page size'),
  });
}

/** List-style page (user service and the other modules). */
export function listOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().describe('总条数 / total rows'),
    pageNum: z.number().int().describe('页码 / page number'),
    pageSize: z.number().int().describe('每页条数 / page size'),
  });
}

/** Paging query of list-style calls: at most LIST_PAGE_MAX rows a page (a larger size is refused naming the limit). */
export const PagingQuerySchema = z.object({
  pageNum: PageNumSchema,
  pageSize: pageSize(10),
});

/** Paging query of a list-style call with its own cap (a picker that lists a whole small catalogue). */
export const pagingQuery = (max: number) => z.object({ pageNum: PageNumSchema, pageSize: pageSize(10, max) });

/**
 * Paging query of the small option lists the spec asks with pageSize 10000000 (roles, user types, departments, year
 * targets, task types, dimension types): any size accepted, at most MAX_PAGE_SIZE rows served.
 */
export const OptionPagingQuerySchema = z.object({
  pageNum: PageNumSchema,
  pageSize: optionPageSize(10),
});

/** Business error codes carried in meta.code. */
export const ERROR_CODE = {
  sessionExpired: 53000010,
} as const;
