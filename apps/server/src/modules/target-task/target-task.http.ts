import type { FastifyRequest } from 'fastify';
import { excelUpload } from '../../platform/excel';

/**
 * The uploaded Excel workbook of a multipart request (streamed in and size-capped by the platform reader, which also
 * reads it under the configured limits) and the request's other fields.
 */
export async function excelPart(req: FastifyRequest) {
  const { upload, fields } = await excelUpload(req);
  return { buf: upload, fields };
}
