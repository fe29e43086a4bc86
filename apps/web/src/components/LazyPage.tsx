import { LIMITS } from '@zg/contract';
import { Spin } from 'antd';
import { type ComponentType, lazy, type ReactElement, Suspense, useEffect, useState } from 'react';

/** When a page's code is fetched (spec-2 section 9): the spinner's delay and the time after which the load fails. */
export interface PageLoadTiming {
  spinnerDelayMs: number;
  timeoutMs: number;
}

/**
 * A page whose code could not be loaded: its chunk failed (`cause`, a new version may have been deployed) or did not
 * arrive in time. The error boundary around the page shows it as the spec's "Error!" with a reload.
 */
export class PageLoadError extends Error {
  override readonly name = 'PageLoadError';
  constructor(
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'page load timed out' : 'page load failed', options);
  }
}

/** The import, failing with a PageLoadError when it fails or takes longer than `timeoutMs`. */
export function loadWithin<T>(load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadError('timeout')), timeoutMs);
    load().then(
      (loaded) => {
        clearTimeout(timer);
        resolve(loaded);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new PageLoadError('failed', { cause }));
      },
    );
  });
}

/** The wait for a page: nothing for the first `delayMs` (a fast load does not flash a spinner), then a spinner. */
export function DelayedSpin({ delayMs, className }: { delayMs: number; className?: string }) {
  const [shown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown ? <Spin className={className ?? 'zg-content__loading'} /> : null;
}

/** A lazy page inside its own Suspense, whose fallback is the delayed spinner. */
function Loading<P extends object>({
  page: Page,
  props,
  delayMs,
}: {
  page: ComponentType<P>;
  props: P;
  delayMs: number;
}) {
  return (
    <Suspense fallback={<DelayedSpin delayMs={delayMs} />}>
      <Page {...props} />
    </Suspense>
  );
}

/**
 * A page of the route table, loaded when first shown (spec-2 section 9): a spinner after 200 ms, "Error!" when the
 * code fails to arrive or takes over 10 s (a PageLoadError thrown to the page's error boundary). Used by every
 * feature's routes.tsx in place of React.lazy, once per page at module level; the component takes the page's props.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timing: PageLoadTiming = LIMITS.pageLoad,
): LazyPageComponent<P> {
  // One load, shared by the page's first render and an earlier preload (React.lazy keeps its outcome anyway).
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () => {
    loading ??= loadWithin(load, timing.timeoutMs);
    return loading;
  };
  const page = lazy(get);
  return Object.assign((props: P) => <Loading page={page} props={props} delayMs={timing.spinnerDelayMs} />, {
    preload: () => void get().catch(() => undefined),
  });
}

/**
 * A lazy page that can be asked to fetch its code before it renders (the signed-in layout does for the page a visit
 * opens, while the user's menu is still loading).
 */
export type LazyPageComponent<P extends object> = ComponentType<P> & { preload: () => void };

/** Fetches the code of a route's element when it is a lazy page (anything else: nothing). */
export function preloadElement(element: ReactElement | undefined) {
  const type = element?.type as Partial<LazyPageComponent<object>> | undefined;
  if (typeof type?.preload === 'function') type.preload();
}
