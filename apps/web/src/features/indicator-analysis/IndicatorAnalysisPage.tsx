import { INDICATOR_TEXT as T } from '@zg/contract';
import { Select, Space, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { BelowTab } from './BelowTab';
import { CorrelationTab } from './CorrelationTab';
import { useAnalysisTasks } from './indicator-analysis.api';
import { MoversTab } from './MoversTab';
import './indicator-analysis.css';

/**
 * 指标分析 (`/analysis/indicators`, issue 35 item 5): in a diagnosis task, what moved — a chosen object's rows that
 * changed most against last round (with their data source), the rows that fell below standard this round by
 * college, and two indicators' correlation across the majors. Everything is narrowed to the user's authority by the
 * server (a major's head sees their major).
 */
export default function IndicatorAnalysisPage() {
  const tasks = useAnalysisTasks();
  const [picked, setPicked] = useState<number | undefined>();
  const rwid = picked ?? tasks.data?.[0]?.rwid;
  return (
    <div className="zg-page">
      <div className="zg-indicator__head">
        <Typography.Title level={1} className="zg-page__title">
          {T.title}
        </Typography.Title>
        <Space wrap>
          <span id="zg-indicator-task">{T.task}</span>
          <Select
            aria-labelledby="zg-indicator-task"
            style={{ width: 280 }}
            placeholder={T.pickTask}
            loading={tasks.isPending}
            value={rwid}
            onChange={setPicked}
            options={(tasks.data ?? []).map((t) => ({ value: t.rwid, label: t.rwmc }))}
          />
        </Space>
      </div>
      {tasks.error && <LoadError error={tasks.error} onRetry={() => void tasks.refetch()} />}
      {tasks.isPending && <Spin />}
      {tasks.data && rwid === undefined && <EmptyState description={T.pickTask} />}
      {rwid !== undefined && (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'movers', label: T.tabMovers, children: <MoversTab key={rwid} rwid={rwid} /> },
            { key: 'below', label: T.tabBelow, children: <BelowTab key={rwid} rwid={rwid} /> },
            { key: 'correlation', label: T.tabCorrelation, children: <CorrelationTab key={rwid} rwid={rwid} /> },
          ]}
        />
      )}
    </div>
  );
}
