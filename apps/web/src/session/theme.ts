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
  const primary = isDarkTheme(themeType) ? PRIMARY_COLOR : themeType;
  return {
    algorithm: antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      fontFamily: FONT_FAMILY,
      borderRadius: 6,
      motion: !prefersReducedMotion(),
    },
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
  return pathname === '/dataScreen' || pathname.startsWith('/dataScreen/') ? DATA_SCREEN_COLOR : themeType;
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
  document.documentElement.style.setProperty('--app-theme', themeType);
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
