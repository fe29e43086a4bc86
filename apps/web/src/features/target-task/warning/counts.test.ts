import { describe, expect, it } from 'vitest';
import { isPublisher, urgeable, warningCountLoads } from './counts';

describe('warning counts by menu (spec-1 section 6)', () => {
  it('loads the total with the annual wbs key, personal and department counts with their keys', () => {
    expect(warningCountLoads({ annualWbs: '', annualWbsPersonal: '' }, ['newTaskManagement'])).toEqual({
      total: true,
      personal: true,
      department: false,
    });
    expect(warningCountLoads({ annualWbsDepartment: '' }, ['newTaskManagement'])).toEqual({
      total: false,
      personal: false,
      department: true,
    });
  });
  it('needs the feature flag for the department counts, and loads nothing without menus', () => {
    expect(warningCountLoads({ annualWbs: '', annualWbsDepartment: '' }, []).department).toBe(false);
    expect(warningCountLoads({ wbs: '' }, ['newTaskManagement'])).toEqual({
      total: false,
      personal: false,
      department: false,
    });
    expect(warningCountLoads(undefined, ['newTaskManagement']).total).toBe(false);
  });
});

describe('urges', () => {
  it('go to departments not set or not decomposed, and not twice while one waits', () => {
    expect(urgeable({ currentStatus: 1, pendingUrgeId: null })).toBe(true);
    expect(urgeable({ currentStatus: 2, pendingUrgeId: null })).toBe(true);
    expect(urgeable({ currentStatus: 0, pendingUrgeId: null })).toBe(false);
    expect(urgeable({ currentStatus: 1, pendingUrgeId: 7 })).toBe(false);
  });
  it('are sent by publishers and administrators', () => {
    expect(isPublisher(['targetPublisher'])).toBe(true);
    expect(isPublisher(['zyadmin'])).toBe(true);
    expect(isPublisher(['targetTaskOwner'])).toBe(false);
  });
});
