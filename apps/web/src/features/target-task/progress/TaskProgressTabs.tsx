import { REPORT_UI, PROGRESS_TEXT as T, type TaskCard } from '@zg/contract';
import { Tabs } from 'antd';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useLoginRecord } from '../../../session/login-record';
import TaskReportPanel from '../../task-report/TaskReportPanel';
import { TaskWarnings } from '../warning/TaskWarnings';
import { ProgressPanel } from './ProgressPanel';

/** States in which a task reports progress and may be warned about (and the finished ones, to look back). */
const WITH_PROGRESS = new Set(['executeing', 'delayNotDone', 'hasDone', 'delayDone']);

/** Whether the task detail shows the progress and warning tabs. */
export function hasProgress(rwzt: string) {
  return WITH_PROGRESS.has(rwzt);
}

/** The task detail's progress part: the progress panel, the task's warning records and its completion report. */
export function TaskProgressTabs({ task }: { task: Pick<TaskCard, 'id' | 'rwmc' | 'rwzt' | 'ownerId' | 'jssj'> }) {
  const record = useLoginRecord();
  if (!hasProgress(task.rwzt)) return null;
  // The owner generates the report (the server checks it again); others see it once it exists.
  const canGenerate = !!record && record.userId === task.ownerId;
  return (
    <Tabs
      className="zg-task-progress-tabs"
      items={[
        {
          key: 'progress',
          label: T.panelTitle,
          children: (
            <QueryBoundary>
              <ProgressPanel task={task} />
            </QueryBoundary>
          ),
        },
        {
          key: 'warnings',
          label: T.warningRecords,
          children: (
            <QueryBoundary>
              <TaskWarnings taskId={task.id} />
            </QueryBoundary>
          ),
        },
        {
          key: 'report',
          label: REPORT_UI.detailTitle,
          children: (
            <QueryBoundary>
              <TaskReportPanel taskId={task.id} canGenerate={canGenerate} />
            </QueryBoundary>
          ),
        },
      ]}
    />
  );
}
