import { generate } from '@ant-design/colors';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  contrastOf,
  contrastUnderWhite,
  DARK_COLOR,
  getThemeType,
  headerColorFor,
  isDarkTheme,
  isThemeColor,
  PRIMARY_COLOR,
  readableUnderWhite,
  reloadThemeType,
  setThemeType,
  THEME_SWATCHES,
  themeFor,
} from './theme';

const rgbIn = (c: string) => (c.match(/\d+/g) ?? []).map(Number) as [number, number, number];

afterEach(() => {
  localStorage.clear();
  reloadThemeType();
});

describe('theme', () => {
  it('is dark only for #24293e, and keeps the blue as primary then', () => {
    expect(isDarkTheme('#24293E')).toBe(true);
    expect(isDarkTheme(PRIMARY_COLOR)).toBe(false);
    expect(themeFor(DARK_COLOR).token?.colorPrimary).toBe(themeFor(PRIMARY_COLOR).token?.colorPrimary);
    // The primary colour is the chosen one's readable shade (5.2:1 under white).
    expect(themeFor('#6b4fd1').token?.colorPrimary).toBe('#6b4fd1');
    expect(contrastUnderWhite(rgbIn(String(themeFor('#0f8a8a').token?.colorPrimary)))).toBeGreaterThanOrEqual(5.2);
  });

  it('hovers a primary button in a shade that still reads 4.5:1 under white, for every swatch', () => {
    for (const swatch of THEME_SWATCHES) {
      const token = themeFor(swatch.value).token;
      const hover = String(token?.colorPrimaryHover);
      expect(contrastUnderWhite(rgbIn(hover))).toBeGreaterThanOrEqual(4.5);
      expect(hover).not.toBe(token?.colorPrimary);
    }
  });

  it("reads the processing tag's tint from the palette as antd's own colorInfoBg, for every swatch", () => {
    for (const swatch of THEME_SWATCHES) {
      const theme = themeFor(swatch.value);
      const primary = theme.token?.colorPrimary ?? '';
      const tint = antdTheme.getDesignToken({ token: { colorInfo: primary } }).colorInfoBg;
      expect(contrastOf(theme.components?.Tag?.colorInfo ?? '', tint)).toBeGreaterThanOrEqual(4.5);
      expect(generate(primary)[0]).toBe(tint);
    }
  });

  it('animates unless the system asks for reduced motion', () => {
    expect(themeFor(PRIMARY_COLOR).token?.motion).toBe(true);
    const reduce = (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList;
    vi.spyOn(window, 'matchMedia').mockImplementation(reduce);
    expect(themeFor(PRIMARY_COLOR).token?.motion).toBe(false);
  });

  it('stores the choice in localStorage themeType and sets the app-theme variable', () => {
    setThemeType(DARK_COLOR);
    expect(localStorage.getItem('themeType')).toBe(DARK_COLOR);
    expect(getThemeType()).toBe(DARK_COLOR);
    expect(document.documentElement.style.getPropertyValue('--app-theme')).toBe(DARK_COLOR);
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('ignores what is not a colour, stored or chosen', () => {
    localStorage.setItem('themeType', 'red;background:url(x)');
    reloadThemeType();
    expect(getThemeType()).toBe(PRIMARY_COLOR);
    setThemeType('nope');
    expect(getThemeType()).toBe(PRIMARY_COLOR);
    expect(isThemeColor('rgb(57,126,240)')).toBe(true);
  });

  it('gives the data screen its own header colour', () => {
    expect(headerColorFor(DARK_COLOR, '/dataScreen')).toBe('#205081');
    expect(headerColorFor(DARK_COLOR, '/dataScreen/dynamic')).toBe('#205081');
    expect(headerColorFor(DARK_COLOR, '/index')).toBe(DARK_COLOR);
  });

  it('draws the header in a shade that gives its white text 4.5:1, keeping colours that already do', () => {
    const rgb = (c: string) => (c.match(/\d+/g) ?? []).map(Number) as [number, number, number];
    expect(contrastUnderWhite([57, 126, 240])).toBeLessThan(4.5);
    expect(readableUnderWhite(PRIMARY_COLOR)).toBe('rgb(51,113,216)');
    expect(contrastUnderWhite(rgb(readableUnderWhite(PRIMARY_COLOR)))).toBeGreaterThanOrEqual(4.5);
    expect(contrastUnderWhite(rgb(readableUnderWhite('#0f8a8a')))).toBeGreaterThanOrEqual(4.5);
    expect(readableUnderWhite(DARK_COLOR)).toBe(DARK_COLOR);
    expect(readableUnderWhite('#6b4fd1')).toBe('#6b4fd1');
    expect(headerColorFor(PRIMARY_COLOR, '/index')).toBe('rgb(51,113,216)');
  });

  // antd draws a preset tag's text in its colour's 7th shade, a status tag's in the status colour, each on its tint.
  const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano'] as const;
  const MORE = ['geekblue', 'lime', 'gold'] as const;
  const STATUSES = ['Success', 'Info', 'Warning', 'Error'] as const;

  it.each(THEME_SWATCHES.map((s) => [s.label, s.value]))('draws every tag text at 4.5:1 on its tint (%s)', (_l, v) => {
    const config = themeFor(v);
    const token = antdTheme.getDesignToken(config) as unknown as Record<string, string>;
    const tag = (config.components?.Tag ?? {}) as Record<string, string>;
    const read = (text: string, tint: string) => {
      const c = contrastOf(tag[text] ?? String(token[text]), String(token[tint]));
      expect(c, `${text} on ${tint}`).not.toBeNull();
      return c ?? 0;
    };
    for (const k of [...PRESETS, ...MORE]) expect(read(`${k}7`, `${k}1`), k).toBeGreaterThanOrEqual(4.5);
    for (const s of STATUSES) expect(read(`color${s}`, `color${s}Bg`), s).toBeGreaterThanOrEqual(4.5);
  });

  it('measures contrast both ways and refuses what is not a colour', () => {
    expect(contrastOf('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastOf('rgb(255,255,255)', '#000000')).toBeCloseTo(21, 5);
    // antd's own green on its tint, the failure the tokens mend.
    expect(contrastOf('#389e0d', '#f6ffed')).toBeLessThan(4.5);
    expect(contrastOf('green', '#fff')).toBeNull();
  });
});
