import { TASK_UI as T } from '@zg/contract';
import { Progress } from 'antd';

/** antd draws a finished bar as a bare tick: the percentage is written out at every value, 100% included. */
const percentText = (percent?: number) => `${percent ?? 0}%`;

/** A task's progress (rwjd) as the cards, the tree and the detail draw it. */
export function TaskProgress({ percent, className }: { percent: number; className?: string }) {
  return <Progress percent={percent} size="small" format={percentText} className={className} aria-label={T.rwjd} />;
}
