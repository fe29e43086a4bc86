import { expect } from 'vitest';
import type { TestSession } from './harness';

/** The diagnosis half's API prefix (诊断改进, served under /api/herm-zdgj). */
export const Z = '/api/herm-zdgj';

/** A GET under Z as `me`. */
export const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${Z}${url}` });

/** A POST under Z as `me`, with a JSON body. */
export const post = (me: TestSession, url: string, payload: object = {}) =>
  me.request({ method: 'POST', url: `${Z}${url}`, payload });

/** The `data` of an answer that must be 200. */
export async function data(p: ReturnType<typeof get>) {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** An answer that must be refused with `status` (and, when given, a message containing `message`). */
export async function refused(p: ReturnType<typeof get>, status: number, message?: string) {
  const res = await p;
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().meta.message).toContain(message);
}
