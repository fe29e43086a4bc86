import { PROGRESS_TEXT as T, type TaskCard } from '@zg/contract';
import { Tabs } from 'antd';
import { TaskWarnings } from '../warning/TaskWarnings';
import { ProgressPanel } from './ProgressPanel';

/** States in which a task reports progress and may be warned about (and the finished ones, to look back). */
const WITH_PROGRESS = new Set(['executeing', 'delayNotDone', 'hasDone', 'delayDone']);

/** Whether the task detail shows the progress and warning tabs. */
export function hasProgress(rwzt: string) {
  return WITH_PROGRESS.has(rwzt);
}

/** The task detail's progress part: the progress panel and the task's warning records. */
export function TaskProgressTabs({ task }: { task: Pick<TaskCard, 'id' | 'rwmc' | 'rwzt' | 'ownerId' | 'jssj'> }) {
  if (!hasProgress(task.rwzt)) return null;
  return (
    <Tabs
      className="zg-task-progress-tabs"
      items={[
        { key: 'progress', label: T.panelTitle, children: <ProgressPanel task={task} /> },
        { key: 'warnings', label: T.warningRecords, children: <TaskWarnings taskId={task.id} /> },
      ]}
    />
  );
}
