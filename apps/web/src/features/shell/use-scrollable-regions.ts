import { useEffect } from 'react';

/** The scrolling parts of antd tables (a wide table scrolls sideways, a long one in its body). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * A keyboard user must be able to scroll what scrolls (WCAG 2.1.1; axe's scrollable-region-focusable): every table
 * scroller in the document, in a page or a drawer, is made focusable so that arrow keys scroll it. One observer for
 * every table, instead of an option each table must remember.
 */
export function useFocusableScrollers(): void {
  useEffect(() => {
    const mark = () => {
      for (const el of document.querySelectorAll<HTMLElement>(SCROLLERS)) {
        if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
