import type { FastifyReply, FastifyRequest } from 'fastify';
import { excelUpload } from '../../platform/excel';
import { contentDisposition } from '../files';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The uploaded Excel workbook of a multipart request (streamed in and size-capped by the platform reader, which also
 * reads it under the configured limits) and the request's other fields.
 */
export async function excelPart(req: FastifyRequest) {
  const { upload, fields } = await excelUpload(req);
  return { buf: upload, fields };
}

export function sendXlsx(reply: FastifyReply, name: string, buf: Buffer) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', contentDisposition('attachment', name))
    .send(buf);
}
