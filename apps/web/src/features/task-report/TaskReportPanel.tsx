import { REPORT_UI as T } from '@zg/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { GenerateDialog } from './GenerateDialog';
import { ReportView } from './ReportView';
import { useReportByTask } from './report.api';

/**
 * The report of one task, for the task's own page (getReportByTask): the report with its actions, or a button to
 * generate it when the user may (`canGenerate`: the task's owner, with the task under way or finished).
 */
export default function TaskReportPanel({ taskId, canGenerate }: { taskId: number; canGenerate: boolean }) {
  const report = useReportByTask(taskId);
  const [generating, setGenerating] = useState(false);
  if (report.isLoading) return <Card loading variant="borderless" />;
  if (report.data) return <ReportView report={report.data} />;
  return (
    <>
      <EmptyState description={T.panelEmpty}>
        {canGenerate && (
          <Button type="primary" onClick={() => setGenerating(true)}>
            {T.generate}
          </Button>
        )}
      </EmptyState>
      <GenerateDialog
        open={generating}
        taskId={taskId}
        onClose={() => setGenerating(false)}
        onGenerated={() => setGenerating(false)}
      />
    </>
  );
}
