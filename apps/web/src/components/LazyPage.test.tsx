import { act, screen } from '@testing-library/react';
import { LIMITS, WEB_MSG } from '@zg/contract';
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/attachments';
import { lazyPage, preloadElement } from './LazyPage';

function Hello({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

/** An import the test settles by hand. */
function pendingImport() {
  let settle: { resolve: (m: { default: typeof Hello }) => void; reject: (e: unknown) => void } | undefined;
  const promise = new Promise<{ default: typeof Hello }>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { load: () => promise, ...settle! };
}

const spinner = () => document.querySelector('.ant-spin');

afterEach(() => vi.useRealTimers());

describe('lazyPage: the spec loading of a page (200 ms delay, 10 s timeout, "Error!")', () => {
  it('takes the spec timing by default', () => {
    expect(LIMITS.pageLoad).toEqual({ spinnerDelayMs: 200, timeoutMs: 10_000 });
  });

  it('shows no spinner during the first 200 ms, then one until the page arrives with its props', async () => {
    vi.useFakeTimers();
    const page = pendingImport();
    const Page = lazyPage(page.load);
    renderUi(<Page name="张老师" />);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(spinner()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(spinner()).not.toBeNull();
    await act(async () => page.resolve({ default: Hello }));
    expect(screen.getByText('你好，张老师')).toBeTruthy();
    expect(spinner()).toBeNull();
  });

  it('preloads its code once: the render that follows waits for no second import', async () => {
    const page = pendingImport();
    const load = vi.fn(page.load);
    const Page = lazyPage(load);
    preloadElement(<Page name="李老师" />);
    preloadElement(<p>不是页面</p>);
    preloadElement(undefined);
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => page.resolve({ default: Hello }));
    renderUi(<Page name="李老师" />);
    expect(await screen.findByText('你好，李老师')).toBeTruthy();
    expect(spinner()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a page that arrives within 200 ms never shows a spinner', async () => {
    vi.useFakeTimers();
    const page = pendingImport();
    const Page = lazyPage(page.load);
    renderUi(<Page name="李老师" />);
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act(async () => page.resolve({ default: Hello }));
    expect(screen.getByText('你好，李老师')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(spinner()).toBeNull();
  });

  it('says Error! with 重新加载 when the page has not arrived after 10 s, and toasts nothing', async () => {
    vi.useFakeTimers();
    const toast = vi.spyOn(message, 'error');
    const Page = lazyPage(pendingImport().load);
    renderUi(<Page name="王老师" />);
    await act(() => vi.advanceTimersByTimeAsync(9_900));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(WEB_MSG.pageLoadError);
    expect(alert.textContent).toContain(WEB_MSG.pageLoadFailedHint);
    expect(screen.getByRole('button', { name: WEB_MSG.reloadNow })).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  it('says Error! when the page cannot be fetched, and that a new version was deployed when its chunk is gone', async () => {
    const page = pendingImport();
    const Page = lazyPage(page.load, { spinnerDelayMs: 0, timeoutMs: 1_000 });
    renderUi(<Page name="赵老师" />);
    await act(async () =>
      page.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/Home-old.js')),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(WEB_MSG.pageLoadError);
    expect(alert.textContent).toContain(WEB_MSG.newVersionHint);
  });
});
