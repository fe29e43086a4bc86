import { LIMITS, pageTotalText } from '@zg/contract';
import type { PaginationProps } from 'antd';

/**
 * Spec-1 section 9 / spec-2 section 9: tables page with a quick jumper, no size changer, and the total text
 * 当前页N条，共M条 (N: rows on this page).
 */
export function pagination(options: {
  current: number;
  total: number;
  pageSize?: number;
  onChange?: (page: number) => void;
}): PaginationProps {
  const pageSize = options.pageSize ?? LIMITS.defaultPageSize;
  return {
    current: options.current,
    pageSize,
    total: options.total,
    showQuickJumper: true,
    showSizeChanger: false,
    showTotal: (total) => pageTotalText(rowsOnPage(options.current, pageSize, total), total),
    onChange: (page) => options.onChange?.(page),
  };
}

/** Rows on page `current` (1-based) of `total` rows. */
export function rowsOnPage(current: number, pageSize: number, total: number): number {
  return Math.max(0, Math.min(pageSize, total - (current - 1) * pageSize));
}
