import { createRequire } from 'node:module';
import { cleanup, configure } from '@testing-library/react';
import { ConfigProvider, Modal, message } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createElement } from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { clearSession, forgetSessionCookie } from '../api/session';
import { SYSTEM_NAME_STORAGE_KEY } from '../session/system-setting';
import { getThemeType, themeFor } from '../session/theme';
import { clearQueryClients } from './render';

// Static toasts and dialogs (message.*, Modal.confirm: outside the rendered tree) without antd's motion. jsdom never
// ends a CSS transition, so a destroyed one would stay in the page in its leave animation, where a later test's
// query for an alert or a dialog would find it (the web files share one jsdom per worker: vitest.config.ts). The
// app's own holder (app/Providers.tsx, loaded through ./render above) is replaced by the same one with motion off.
ConfigProvider.config({
  holderRender: (children) => {
    const theme = themeFor(getThemeType());
    return createElement(
      ConfigProvider,
      { locale: zhCN, theme: { ...theme, token: { ...theme.token, motion: false } } },
      children,
    );
  },
});

// The machine running the tests is shared: give findBy/waitFor more than the default second before failing.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  clearQueryClients();
  // Static dialogs and toasts live outside the rendered tree; clearing the session also resets the session data.
  Modal.destroyAll();
  message.destroy();
  clearSession();
  localStorage.removeItem(SYSTEM_NAME_STORAGE_KEY);
  forgetSessionCookie();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Destroying static dialogs and late responses schedule React work (passive effects, through the `scheduler`
// package that react-dom shares with us from Node's module cache). Let it all run while jsdom's window still exists,
// or it fires after the environment is torn down ("window is not defined"). A fixed wait was not enough on a busy
// machine: wait instead until an idle-priority task runs, which the scheduler runs only after every more urgent
// task queued before it, and repeat so that work scheduled by that work (animation timers) drains too.
type Scheduler = {
  unstable_scheduleCallback: (priority: number, callback: () => null) => unknown;
  unstable_IdlePriority: number;
};
const scheduler = createRequire(import.meta.url)('scheduler') as Scheduler;
const schedulerIdle = () =>
  new Promise<void>((resolve) =>
    scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, () => {
      resolve();
      return null;
    }),
  );
afterAll(async () => {
  for (let round = 0; round < 4; round++) {
    await schedulerIdle();
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
});

// antd's responsive helpers ask for media queries, which jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom throws "Not implemented" for pseudo-elements; antd measures scrollbars and such with them.
const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
  try {
    return jsdomGetComputedStyle(element, pseudoElement);
  } catch {
    return jsdomGetComputedStyle(element);
  }
};

// Some antd components observe their size; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom has no canvas: it answers getContext() with null after printing "Not implemented". Answer null quietly;
// ECharts (SVG renderer) then measures text without a canvas.
Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
  writable: true,
  configurable: true,
  value: () => null,
});
