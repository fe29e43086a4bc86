import { z } from 'zod';
import { PageNumSchema, pageSize } from './primitives';

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

/** Paging query of list-style calls; the spec sends huge page sizes (10000000) for "all": served as MAX_PAGE_SIZE. */
export const PagingQuerySchema = z.object({
  pageNum: PageNumSchema,
  pageSize: pageSize(10),
});

/** Business error codes carried in meta.code. */
export const ERROR_CODE = {
  sessionExpired: 53000010,
} as const;
