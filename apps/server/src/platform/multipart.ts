import type { MultipartFile } from '@fastify/multipart';
import { MSG, textProblem } from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** The first field value or the file name of a part that cannot be stored, as a Chinese message; null when all can. */
export function multipartTextProblem(part: Pick<MultipartFile, 'filename' | 'fields'>): string | null {
  const nameProblem = textProblem(part.filename ?? '');
  if (nameProblem) return `${MSG.invalidInput}：文件名${nameProblem}`;
  for (const [name, entry] of Object.entries(part.fields ?? {})) {
    const keyProblem = textProblem(name);
    if (keyProblem) return `${MSG.invalidInput}：字段名${keyProblem}`;
    for (const one of Array.isArray(entry) ? entry : [entry]) {
      const value = one && 'value' in one ? one.value : undefined;
      const problem = typeof value === 'string' ? textProblem(value) : null;
      if (problem) return `${MSG.invalidInput}：${name}：${problem}`;
    }
  }
  return null;
}

/**
 * Every multipart route reads its file through `req.file()`: this wraps it once for all of them, so a file name or a
 * field with a NUL or a lone surrogate is a 400 (the rest of the upload is drained), as the schemas do for JSON.
 * Malformed bodies themselves are answered 400 by the error handler (isMalformedMultipart).
 */
export function registerMultipartTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (!req.isMultipart()) return;
    const original = req.file.bind(req);
    req.file = (async (...args: Parameters<typeof original>) => {
      const part = await original(...args);
      if (!part) return part;
      const problem = multipartTextProblem(part);
      if (problem) {
        part.file.resume();
        throw badRequest(problem);
      }
      return part;
    }) as typeof req.file;
  });
}
