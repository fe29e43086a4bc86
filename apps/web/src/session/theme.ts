import { generate } from '@ant-design/colors';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

/** Header and primary colour of every route but the data screen (spec-1 section 2). */
export const PRIMARY_COLOR = 'rgb(57,126,240)';
/** The dark theme's header colour: choosing it makes the shell dark (spec-1 section 4). */
export const DARK_COLOR = '#24293e';
/** The data-screen route's header (spec-1 section 2). */
export const DATA_SCREEN_COLOR = '#205081';
/** localStorage key of the chosen theme (spec-1 section 4). */
export const THEME_STORAGE_KEY = 'themeType';

/** The swatches of the top bar, in order: the default blue, the dark theme and two more light ones. */
export const THEME_SWATCHES = [
  { value: PRIMARY_COLOR, label: '默认蓝' },
  { value: DARK_COLOR, label: '深色' },
  { value: '#0f8a8a', label: '青绿' },
  { value: '#6b4fd1', label: '紫色' },
] as const;

const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  "'Source Han Sans SC'",
  "'Helvetica Neue'",
  'Arial',
  'sans-serif',
].join(', ');

export const THEME: ThemeConfig = themeFor(PRIMARY_COLOR);

/**
 * The antd theme for a chosen header colour: the dark theme keeps the blue as its primary colour. Dialogs, drawers
 * and menus open without animation for a user whose system asks for reduced motion.
 */
export function themeFor(themeType: string): ThemeConfig {
  // Primary text on white and on its own light tint (a selected menu line), and white on primary (a button), all at
  // 4.5:1 or more: the chosen colour's readable shade.
  const primary = readableUnderWhite(isDarkTheme(themeType) ? PRIMARY_COLOR : themeType, 5.2);
  return {
    algorithm: antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      // antd's hover shade is a lighter tint that reads 3-4:1 under a button's white text (a 生成 button under the
      // pointer just after its click); a lighter shade that still reads 4.6:1 keeps the feedback and the contrast.
      colorPrimaryHover: hoverShade(primary),
      colorInfo: primary,
      // antd's grey texts (0.45 and 0.25 black) read 2-4:1 on white; WCAG AA asks 4.5:1.
      colorTextDescription: 'rgba(0,0,0,0.6)',
      colorTextTertiary: 'rgba(0,0,0,0.6)',
      colorTextPlaceholder: 'rgba(0,0,0,0.55)',
      // antd's red (#ff4d4f) reads 3.3:1 as text on white (a 删除 link); red-7 reads 5.6:1, and white on it too.
      colorError: '#cf1322',
      fontFamily: FONT_FAMILY,
      borderRadius: 6,
      motion: !prefersReducedMotion(),
    },
    components: { Tag: tagText(primary) },
  };
}

/**
 * The texts of tags, the one place their colours are made readable: antd draws a tag's text in its colour's 7th shade
 * (`green` → green-7) or in the status colour (`success` → colorSuccess) on that colour's lightest tint, and green,
 * cyan, orange, gold, lime, yellow and volcano read 2-4.4:1 there, the four statuses but error 1.8-3.7:1; WCAG AA asks
 * 4.5:1 for a tag's 12px text. Each is drawn in the darker shade of the same hue that reads 4.5:1 or more (tested in
 * theme.test.ts against antd's own tints, for every theme colour); the tint, the border and a solid tag's fill stay
 * antd's. `processing` (its tint made by antd from the theme's primary colour, a grey green for 青绿) reads in the
 * primary's shade that gives 4.6:1 on that tint.
 * A page picks a tag's colour by what it means (green for done or on, gold or orange for waiting or late) and need do
 * nothing more.
 */
export function tagText(primary: string) {
  return {
    green7: '#237804',
    cyan7: '#006d75',
    orange7: '#ad4e00',
    volcano7: '#ad2102',
    gold7: '#874d00',
    lime7: '#3f6600',
    yellow7: '#614700',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    // antd's colorInfoBg is the lightest shade of the info colour's palette (theme.test checks it is antd's own); the
    // palette alone, not the whole design token, which cost a phone ~50 ms at every start.
    colorInfo: readableOn(primary, generate(primary)[0] ?? '#fff', 4.6),
  };
}

/** The system's "reduce motion" setting (prefers-reduced-motion), read when the theme is made. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** Spec-1 section 4: the choice is dark when the header colour is #24293e. */
export function isDarkTheme(themeType: string): boolean {
  return themeType.replace(/\s/g, '').toLowerCase() === DARK_COLOR;
}

/** A colour the server accepts as a theme (ThemeUpdateSchema): #rrggbb or rgb(r,g,b). */
export function isThemeColor(value: string | null | undefined): value is string {
  return !!value && /^#[0-9a-fA-F]{6}$|^rgb\(\d{1,3},\s*\d{1,3},\s*\d{1,3}\)$/.test(value.trim());
}

/** The header colour of a route: the data screen has its own. */
export function headerColorFor(themeType: string, pathname: string): string {
  return readableUnderWhite(
    pathname === '/dataScreen' || pathname.startsWith('/dataScreen/') ? DATA_SCREEN_COLOR : themeType,
  );
}

function rgbOf(color: string): [number, number, number] | null {
  const c = color.replace(/\s/g, '');
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c);
  if (hex)
    return [Number.parseInt(hex[1] ?? '0', 16), Number.parseInt(hex[2] ?? '0', 16), Number.parseInt(hex[3] ?? '0', 16)];
  const rgb = /^rgb\((\d{1,3}),(\d{1,3}),(\d{1,3})\)$/.exec(c);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast of white text on the colour. */
export function contrastUnderWhite(rgb: [number, number, number]): number {
  return 1.05 / (luminance(rgb) + 0.05);
}

/** WCAG 2.1 contrast of two colours (#rrggbb or rgb(r,g,b)); null when either is neither. */
export function contrastOf(a: string, b: string): number | null {
  const x = rgbOf(a);
  const y = rgbOf(b);
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The header's white text needs 4.5:1 (WCAG AA). The chosen colour is kept when it gives that; otherwise the
 * nearest darker shade that does: the spec's blue rgb(57,126,240) reads 3.9:1 and is drawn as rgb(51,113,216),
 * 4.7:1, the same hue. The stored choice stays the colour the user picked.
 */
export function readableUnderWhite(color: string, min = 4.6): string {
  return readableOn(color, '#ffffff', min);
}

/** The primary colour's hover: 15% toward white, then its nearest shade that reads 4.6:1 under white. */
export function hoverShade(primary: string): string {
  const rgb = rgbOf(primary);
  if (!rgb) return primary;
  const light = rgb.map((v) => Math.round(v + (255 - v) * 0.15));
  return readableUnderWhite(`rgb(${light.join(',')})`, 4.6);
}

/** The colour, or the nearest darker shade of it that reads `min`:1 on the background (kept when it already does). */
export function readableOn(color: string, background: string, min: number): string {
  let rgb = rgbOf(color);
  const bg = rgbOf(background);
  if (!rgb || !bg) return color;
  const reads = (c: [number, number, number]) => (contrastOf(`rgb(${c.join(',')})`, background) ?? 0) >= min;
  if (reads(rgb)) return color;
  while (!reads(rgb) && rgb.some((v) => v > 0))
    rgb = [Math.floor(rgb[0] * 0.95), Math.floor(rgb[1] * 0.95), Math.floor(rgb[2] * 0.95)];
  return `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function readStored(): string {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeColor(stored) ? stored : PRIMARY_COLOR;
  } catch {
    return PRIMARY_COLOR;
  }
}

let current = readStored();
applyThemeVariable(current);

/** Sets the `--app-theme` variable the stylesheet uses, so the chosen colour applies before React renders. */
function applyThemeVariable(themeType: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.style.setProperty('--app-theme', readableUnderWhite(themeType));
  document.documentElement.dataset.theme = isDarkTheme(themeType) ? 'dark' : 'light';
}

/** The chosen theme colour. */
export function getThemeType(): string {
  return current;
}

/** Chooses a theme: kept in localStorage and applied at once. */
export function setThemeType(themeType: string): void {
  if (!isThemeColor(themeType) || themeType === current) return;
  current = themeType;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, themeType);
  } catch {
    // Storage blocked: the choice lasts for this page.
  }
  applyThemeVariable(themeType);
  for (const listener of listeners) listener();
}

/** Re-reads localStorage (tests, another tab's choice). */
export function reloadThemeType(): void {
  const stored = readStored();
  if (stored !== current) {
    current = stored;
    applyThemeVariable(stored);
    for (const listener of listeners) listener();
  }
}

/** The chosen theme colour, re-rendering when it changes. */
export function useThemeType(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getThemeType,
    getThemeType,
  );
}
