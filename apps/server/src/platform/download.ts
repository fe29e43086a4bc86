import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from './content-disposition';

/** Sending a made file (an Excel export, a template, a Word document) as a download: one place for its headers. */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface MadeFile {
  /** The file name the browser saves it under (any characters: contentDisposition makes it safe). */
  name: string;
  buffer: Buffer;
}

/** Sends the bytes as an attachment of the given type, with their length. */
export function sendDownload(reply: FastifyReply, file: MadeFile, type: string) {
  return reply
    .header('content-type', type)
    .header('content-length', String(file.buffer.length))
    .header('content-disposition', contentDisposition('attachment', file.name))
    .send(file.buffer);
}

/** Sends an .xlsx workbook as an attachment. */
export const sendXlsx = (reply: FastifyReply, file: MadeFile) => sendDownload(reply, file, XLSX);

/**
 * Streams a made file (a long Excel export): the headers go out at once, then `write` fills the stream; a failure
 * after the start is logged and ends the download (the status has gone out already).
 */
export function streamDownload(
  req: FastifyRequest,
  reply: FastifyReply,
  file: { name: string; write: (out: Writable) => Promise<unknown> },
  type = XLSX,
) {
  const out = new PassThrough();
  reply.header('content-type', type).header('content-disposition', contentDisposition('attachment', file.name));
  reply.send(out);
  file.write(out).catch((err: unknown) => {
    req.log.error({ err }, 'download failed');
    out.destroy(err as Error);
  });
  return reply;
}
