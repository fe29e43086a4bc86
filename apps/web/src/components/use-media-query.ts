import { useSyncExternalStore } from 'react';

/** A phone held upright (antd's `md` breakpoint and below): the sidebar becomes a drawer, the top bar drops extras. */
export const NARROW_SCREEN = '(max-width: 767px)';

function listFor(query: string): MediaQueryList | null {
  return typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(query);
}

/** Whether the media query matches now, re-rendering when it starts or stops matching (a rotated phone). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = listFor(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => listFor(query)?.matches ?? false,
    () => false,
  );
}
