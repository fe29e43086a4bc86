import { SHELL_TEXT as T } from '@zg/contract';
import { Empty } from 'antd';
import type { ReactNode } from 'react';

/** Spec-2 section 2.14 / 8: the empty placeholder, 暂无数据 unless told otherwise. */
export function EmptyState({ description = T.noData, children }: { description?: ReactNode; children?: ReactNode }) {
  return (
    <Empty className="zg-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {children}
    </Empty>
  );
}
