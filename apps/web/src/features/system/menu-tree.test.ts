import { describe, expect, it } from 'vitest';
import { keysToSave, menuTree } from './menu-tree';

describe('menu tree', () => {
  it('nests sub-menus under their menu', () => {
    const tree = menuTree();
    expect(tree.find((n) => n.key === 'annualWbs')?.children?.map((c) => c.key)).toEqual([
      'annualWbsPersonal',
      'annualWbsDepartment',
    ]);
    expect(tree.find((n) => n.key === 'system')?.title).toBe('系统管理');
  });
  it('keeps a checked sub-menu’s parent, in catalogue order', () => {
    expect(keysToSave(['annualWbsPersonal', 'homePage'])).toEqual(['homePage', 'annualWbs', 'annualWbsPersonal']);
  });
});
