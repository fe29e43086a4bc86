import { describe, expect, it } from 'vitest';
import { scheduleOf } from './progress.rules';

describe('schedule status', () => {
  const p = { key: '2026-02', label: '', start: '2026-02-01', deadline: '2026-02-28' };
  it('is unstart, normal, block or finish', () => {
    expect(scheduleOf(p, '2026-01-20', null)).toBe('unstart');
    expect(scheduleOf(p, '2026-02-10', null)).toBe('normal');
    expect(scheduleOf(p, '2026-03-02', null)).toBe('block');
    expect(scheduleOf(p, '2026-03-02', 'reviewing')).toBe('normal');
    expect(scheduleOf(p, '2026-03-02', 'reject')).toBe('block');
    expect(scheduleOf(p, '2026-03-02', 'pass')).toBe('finish');
  });
});
