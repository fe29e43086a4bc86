import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './endpoint';
import * as contract from './index';
import { LIST_PAGE_MAX, MAX_PAGE_SIZE } from './primitives';

/**
 * Every list's page size is capped in the contract (issue 28 item 5): a list refuses a page larger than its cap with a
 * Chinese 400, so `dimension/queryDimension?pageSize=10000000` no longer answers every object. Only the small option
 * lists for which the spec's clients send 10000000 (or 100000, 1000000) to mean "all" accept it, and serve at most
 * MAX_PAGE_SIZE rows.
 */

/** The spec's option lists (spec-1 §7: roles, departments, user types, year targets, task types; spec-2 §7.2). */
const OPTION_LISTS = new Set([
  'GET /api/user/roleList',
  'GET /api/user/departmentList',
  'GET /api/user/userTypeList',
  'GET /api/herm-ndwbs/yearTargetTask/select',
  'GET /api/herm-ndwbs/yearTargetTaskType/select',
  'GET /api/herm-sjgl/dimension/queryDiemensionType',
]);

const PAGE_KEYS = ['pageSize', 'size'] as const;

/** Every endpoint of every catalogue (`*_API`) the contract exports. */
function endpoints(): Endpoint[] {
  const out = new Map<string, Endpoint>();
  for (const [name, value] of Object.entries(contract)) {
    if (!name.endsWith('_API') || !value || typeof value !== 'object') continue;
    for (const e of Object.values(value as Record<string, Endpoint>)) {
      if (e && typeof e === 'object' && 'path' in e && 'method' in e) out.set(`${e.method} ${e.path}`, e);
    }
  }
  return [...out.values()];
}

/** The page-size field of an endpoint's query, if it has one. */
function pageField(e: Endpoint): string | null {
  const shape = (e.query as z.ZodObject | undefined)?.shape as Record<string, unknown> | undefined;
  if (!shape) return null;
  return PAGE_KEYS.find((k) => k in shape) ?? null;
}

describe('page sizes', () => {
  const lists = endpoints().filter((e) => pageField(e) !== null);

  it('finds the paged lists of the catalogues', () => {
    expect(lists.length).toBeGreaterThan(40);
    // Every option list named above is a paged list of the contract.
    const keys = new Set(lists.map((e) => `${e.method} ${e.path}`));
    expect([...OPTION_LISTS].filter((k) => !keys.has(k))).toEqual([]);
  });

  it('refuses a page larger than the cap on every list but the option lists, naming the limit', () => {
    const uncapped: string[] = [];
    for (const e of lists) {
      const key = `${e.method} ${e.path}`;
      const field = pageField(e)!;
      const parsed = (e.query as z.ZodType).safeParse({ [field]: '10000000' });
      if (OPTION_LISTS.has(key)) {
        // Accepted, and served at most MAX_PAGE_SIZE rows.
        expect(parsed.success, key).toBe(true);
        expect((parsed.data as Record<string, number>)[field], key).toBe(MAX_PAGE_SIZE);
        continue;
      }
      const refusal = parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === field);
      if (!refusal) uncapped.push(key);
      else expect(refusal.message, key).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(uncapped, 'lists whose page size has no cap').toEqual([]);
  });

  it('declares each cap in the OpenAPI document (maximum), at most MAX_PAGE_SIZE', () => {
    for (const e of lists) {
      const key = `${e.method} ${e.path}`;
      if (OPTION_LISTS.has(key)) continue;
      const field = pageField(e)!;
      const json = z.toJSONSchema(e.query as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
        properties: Record<string, { maximum?: number }>;
      };
      const max = json.properties[field]?.maximum;
      expect(max, key).toBeDefined();
      expect(max!, key).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    }
  });

  it('caps the dimension objects at the ordinary list size', () => {
    const q = contract.DIMENSION_API.objects.query;
    expect(q.safeParse({ pageSize: '10000000' }).success).toBe(false);
    expect(q.safeParse({ pageSize: String(LIST_PAGE_MAX + 1) }).error?.issues[0]?.message).toBe(
      contract.MSG.pageSizeTooLarge(LIST_PAGE_MAX),
    );
    expect(q.parse({ pageSize: String(LIST_PAGE_MAX) }).pageSize).toBe(LIST_PAGE_MAX);
  });
});
