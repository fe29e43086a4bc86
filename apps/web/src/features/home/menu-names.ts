import { MENUS } from '@zg/contract';

export interface MenuName {
  key: string;
  name: string;
}

/**
 * The user's menus in catalogue order, each with the server's label or the default one;
 * keys the catalogue does not know follow, in the server's order.
 */
export function menuNames(menus: Record<string, string>): MenuName[] {
  const known = new Set<string>(MENUS.map((m) => m.key));
  const listed = MENUS.filter((m) => Object.hasOwn(menus, m.key)).map((m) => ({
    key: m.key,
    name: menus[m.key]?.trim() || m.label,
  }));
  const others = Object.entries(menus)
    .filter(([key, name]) => !known.has(key) && name.trim() !== '')
    .map(([key, name]) => ({ key, name: name.trim() }));
  return [...listed, ...others];
}
