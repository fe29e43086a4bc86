import { describe, expect, it } from 'vitest';
import { menuNames } from './menu-names';

describe('menuNames', () => {
  it('orders known keys as the catalogue does and falls back to the default label', () => {
    expect(menuNames({ wbs: '目标任务', homePage: '' })).toEqual([
      { key: 'homePage', name: '首页' },
      { key: 'wbs', name: '目标任务' },
    ]);
  });

  it('keeps unknown keys with a name after the known ones', () => {
    expect(menuNames({ custom: '自定义模块', blank: ' ', standard: '目标标准' })).toEqual([
      { key: 'standard', name: '目标标准' },
      { key: 'custom', name: '自定义模块' },
    ]);
  });

  it('returns nothing for an empty menu map', () => {
    expect(menuNames({})).toEqual([]);
  });
});
