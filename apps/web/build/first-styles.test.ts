import { describe, expect, it } from 'vitest';
import { renderFirstStyles } from './first-styles-plugin';

describe('the first screens’ antd stylesheet', () => {
  it('holds the components of the first screens in the default theme, with antd’s map of them', () => {
    const css = renderFirstStyles();
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '';
    const paths = map.split(';').map((entry) => entry.slice(0, entry.lastIndexOf(':')));
    for (const component of ['Layout-Layout', 'Menu-Menu', 'Card-Card', 'Button-Button', 'Descriptions-Descriptions']) {
      expect(
        paths.some((p) => p.includes(`|${component}|`)),
        component,
      ).toBe(true);
    }
    // One theme, hashed as production code hashes it (in development antd prefixes css-dev-only-do-not-override-);
    // the icons' shared styles have no hash.
    const hashes = [...new Set(paths.map((p) => p.split('|')[0]).filter(Boolean))];
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^css-[a-z0-9]+$/);
    expect(css).toContain(`:where(.${hashes[0]}).ant-card`);
    // The sign-in form and the pickers are left to the browser (they would double the sheet).
    expect(paths.some((p) => p.includes('|DatePicker-') || p.includes('|Form-'))).toBe(false);
  }, 60_000);
});
