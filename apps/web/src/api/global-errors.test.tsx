import { render, screen } from '@testing-library/react';
import { MSG, WEB_MSG } from '@zg/contract';
import { message } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ApiError } from './errors';
import { installGlobalErrorHandler } from './global-errors';

function watchErrorToasts() {
  const spy = vi.spyOn(message, 'error').mockImplementation(() => Object.assign(() => {}, Promise.resolve(true)));
  return () =>
    spy.mock.calls.map(([config]) =>
      typeof config === 'object' && config && 'content' in config ? config.content : config,
    );
}

function rejection(reason: unknown): PromiseRejectionEvent {
  // jsdom has no PromiseRejectionEvent constructor; the handler reads only `reason`.
  return Object.assign(new Event('unhandledrejection', { cancelable: true }), {
    reason,
    promise: Promise.resolve(),
  }) as PromiseRejectionEvent;
}

function Broken(): never {
  throw new Error('render failed');
}

describe('global error handler', () => {
  it('shows an unhandled rejection as an error toast, once, and stays silent for handled ones', () => {
    const toasts = watchErrorToasts();
    const uninstall = installGlobalErrorHandler();
    try {
      const conflict = new ApiError(409, undefined, MSG.conflict, 'server');
      const event = rejection(conflict);
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
      window.dispatchEvent(rejection(conflict));

      const told = new ApiError(401, undefined, MSG.notSignedIn, 'server');
      told.handled = true;
      window.dispatchEvent(rejection(told));
      window.dispatchEvent(rejection(new DOMException('aborted', 'AbortError')));
      window.dispatchEvent(rejection(new TypeError("Cannot read properties of undefined (reading 'x')")));
      // A browser notice without an error object (a ResizeObserver loop) is not ours.
      window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed' }));
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom') }));

      expect(toasts()).toEqual([MSG.conflict, WEB_MSG.unexpectedError, WEB_MSG.unexpectedError]);
    } finally {
      uninstall();
    }
    window.dispatchEvent(rejection(new Error('after')));
    expect(toasts()).toHaveLength(3);
  });

  it('the error boundary reports a render error and offers a reload', () => {
    const toasts = watchErrorToasts();
    // React logs caught render errors to the console; they are expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText(WEB_MSG.pageErrorTitle)).toBeTruthy();
    expect(screen.getByRole('button', { name: WEB_MSG.reloadPage })).toBeTruthy();
    expect(toasts()).toEqual([WEB_MSG.unexpectedError]);
  });

  it('a chunk that fails to load after a new version was deployed offers to reload, once, instead of an error toast', async () => {
    const toasts = watchErrorToasts();
    const uninstall = installGlobalErrorHandler();
    try {
      const stale = () => new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-old.js');
      window.dispatchEvent(rejection(stale()));
      window.dispatchEvent(rejection(stale()));
      expect(await screen.findByRole('button', { name: WEB_MSG.reloadNow })).toBeTruthy();
      expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1);
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(WEB_MSG.newVersionHint);
      expect(toasts()).toEqual([]);
    } finally {
      uninstall();
    }
  });
});
