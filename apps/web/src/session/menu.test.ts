import { describe, expect, it } from 'vitest';
import { barItems, childrenOf, entryFor, firstLeaf, selectedTopKey, visibleMenu } from './menu';

const all = () => true;

describe('visibleMenu', () => {
  it('keeps granted keys in catalogue order with the server label or the default one', () => {
    const menu = visibleMenu({ wbs: '目标任务', homePage: '', dashboards: '仪表盘' }, [], all);
    expect(menu.map((m) => [m.key, m.label])).toEqual([
      ['homePage', '首页'],
      ['dashboards', '仪表盘'],
      ['wbs', '目标任务'],
    ]);
    // /dashboards is routable but hidden in the bar.
    expect(barItems(menu).map((m) => m.key)).toEqual(['homePage', 'wbs']);
  });

  it('shows /dashboards whenever the home menu is present, with the default label', () => {
    const menu = visibleMenu({ homePage: '' }, [], all);
    expect(menu.map((m) => [m.path, m.label])).toEqual([
      ['/index', '首页'],
      ['/dashboards', '仪表盘自定义'],
    ]);
    expect(barItems(menu).map((m) => m.key)).toEqual(['homePage']);
    expect(visibleMenu({ wbs: '' }, [], all).some((m) => m.key === 'dashboards')).toBe(false);
  });

  it('shows /newTaskManagement only when its feature flag is on', () => {
    const menus = { annualWbs: '', annualWbsPersonal: '' };
    expect(visibleMenu(menus, [], all)).toEqual([]);
    const on = visibleMenu(menus, ['newTaskManagement'], all);
    expect(on.map((m) => m.path)).toEqual(['/newTaskManagement', '/newTaskManagement/myTask']);
    expect(childrenOf(on, 'annualWbs').map((m) => m.label)).toEqual(['我的任务']);
    expect(firstLeaf(on)).toBe('/newTaskManagement/myTask');
  });

  it('leaves out keys without a page, and unknown keys', () => {
    const menu = visibleMenu({ homePage: '', standard: '', custom: '自定义' }, [], (k) => k === 'homePage');
    expect(menu.map((m) => m.key)).toEqual(['homePage']);
  });
});

describe('routing helpers', () => {
  const menu = visibleMenu({ homePage: '', dataManagement: '', wbs: '' }, [], all);

  it('redirects to the first leaf, or /index without a menu', () => {
    expect(firstLeaf(menu)).toBe('/index');
    expect(firstLeaf(visibleMenu({ wbs: '' }, [], all))).toBe('/targetTaskManagement');
    expect(firstLeaf([])).toBe('/index');
  });

  it('selects the top item by the first path segment and finds the entry of a nested route', () => {
    expect(selectedTopKey(menu, '/dataManage/files/3')).toBe('dataManagement');
    expect(selectedTopKey(menu, '/nowhere')).toBeUndefined();
    expect(entryFor(menu, '/targetTaskManagement/mine')?.key).toBe('wbs');
    expect(entryFor(menu, '/targetTaskManagementX')).toBeUndefined();
  });
});
