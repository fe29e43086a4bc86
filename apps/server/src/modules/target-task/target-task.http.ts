import { FILE_MSG } from '@zg/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors';
import { contentDisposition } from '../files/content-disposition';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXCEL_MAX_BYTES = 5 * 1024 * 1024;

/** The uploaded Excel file of a multipart request (and its other fields), or the spec's message. */
export async function excelPart(req: FastifyRequest) {
  const part = await req.file({ limits: { fileSize: EXCEL_MAX_BYTES } });
  if (!part) throw badRequest(FILE_MSG.selectFirstImport);
  if (!part.filename.toLowerCase().endsWith('.xlsx')) {
    part.file.resume();
    throw new AppError(415, FILE_MSG.fileTypeError);
  }
  const buf = await part.toBuffer();
  const fields = Object.fromEntries(
    Object.entries(part.fields).map(([k, f]) => [
      k,
      f && !Array.isArray(f) && 'value' in f ? String(f.value) : undefined,
    ]),
  );
  return { buf, fields };
}

export function sendXlsx(reply: FastifyReply, name: string, buf: Buffer) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', contentDisposition('attachment', name))
    .send(buf);
}
