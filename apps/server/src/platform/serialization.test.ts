import * as contract from '@zg/contract';
import { envelope, FILE } from '@zg/contract';
import fastJson from 'fast-json-stringify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, responseJsonSchema } from './serialization';

const Card = envelope(
  z.object({
    records: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        note: z.string().nullable(),
        when: z.date(),
        tags: z.array(z.string()).optional(),
        kind: z.union([z.literal('a'), z.number()]),
        extra: z.record(z.string(), z.number()),
      }),
    ),
    total: z.number().int(),
  }),
);
const meta = { success: true, code: 200, message: '成功' };
const row = {
  id: 7,
  name: '任务"一"\n',
  note: null,
  when: new Date('2026-11-26T13:00:00Z'),
  kind: 3,
  extra: { 甲: 1 },
};

const compile = (validate: boolean) =>
  createSerializerCompiler({ validate })({ schema: Card, method: 'GET', url: '/x', httpStatus: '200' });

describe('createSerializerCompiler', () => {
  it('writes what JSON.stringify of the checked value wrote, without undeclared fields', () => {
    for (const validate of [true, false]) {
      const out = compile(validate)({ meta, data: { records: [{ ...row, secret: 'x' }], total: 1 } });
      expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify({ meta, data: { records: [row], total: 1 } })));
      expect(out).not.toContain('secret');
    }
  });

  it('still refuses a reply that does not match its schema outside production', () => {
    const bad = { meta, data: { records: [{ ...row, id: 'seven' }], total: 1 } };
    let caught: unknown;
    try {
      compile(true)(bad);
    } catch (err) {
      caught = err;
    }
    expect(isResponseSerializationError(caught)).toBe(true);
    // in production the schema is trusted: fast-json-stringify writes it (and would throw only on what it cannot)
    expect(() => compile(false)({ meta, data: { records: [], total: 1 } })).not.toThrow();
  });

  it('compiles the response schema of every endpoint of the contract', () => {
    const seen = new Set<unknown>();
    let compiled = 0;
    const visit = (value: unknown, depth: number) => {
      if (!value || typeof value !== 'object' || seen.has(value)) return;
      seen.add(value);
      const e = value as { method?: string; path?: string; response?: z.ZodType | typeof FILE };
      if (e.method && e.path && e.response) {
        if (e.response === FILE) return;
        const json = responseJsonSchema(envelope(e.response));
        expect(json, e.path).not.toBeNull();
        expect(() => fastJson(json as object), e.path).not.toThrow();
        compiled++;
        return;
      }
      if (depth < 2 && !('_zod' in value)) for (const v of Object.values(value)) visit(v, depth + 1);
    };
    for (const v of Object.values(contract)) visit(v, 0);
    expect(compiled).toBeGreaterThan(300);
  });
});
