import { DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Alert, Progress, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useCalculationJob, useRefreshDiagnosis } from '../diagnosis.api';
import { jobView } from '../diagnosis.logic';

/**
 * The progress bar of a whole-task computation: the job is polled (any worker answers) until it ends; then every
 * figure of the feature is refreshed and the rows that failed are listed (their last value is kept).
 */
export function ComputeProgress({ jobId }: { jobId: string }) {
  const job = useCalculationJob(jobId);
  const refresh = useRefreshDiagnosis();
  const view = jobView(job.data ?? null);
  const state = job.data?.state;
  const ended = state === 'done' || state === 'failed' || state === 'interrupted';
  const told = useRef(false);
  useEffect(() => {
    if (ended && !told.current) {
      told.current = true;
      void refresh();
    }
  }, [ended, refresh]);
  const result = job.data?.result;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} aria-live="polite">
      <Progress percent={view.percent} status={view.status} aria-label={T.computing} />
      <Typography.Text>
        {state === 'done' && result ? T.computeDone(result.computed, result.failed) : view.text}
      </Typography.Text>
      {job.error && <Alert type="error" showIcon title={job.error.message} />}
      {result && result.failures.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={T.computeFailures}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {result.failures.map((f) => (
                <li key={f.id}>{T.failureLine(f.gzdxmc, f.zkdmc, f.message)}</li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}
