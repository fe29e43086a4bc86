import { QUALITY_WARNING_TEXT as T } from '@zg/contract';
import { Tabs } from 'antd';
import { ImprovementSpiral } from './ImprovementSpiral';
import { WarningHistory } from './WarningHistory';
import { WarningTrend } from './WarningTrend';

/** The three views of a row's warnings in tabs: history, trend (with the forecast), the improvement case. */
export function RowWarningPanel({ rowId }: { rowId: number }) {
  return (
    <Tabs
      items={[
        { key: 'history', label: T.tabHistory, children: <WarningHistory rowId={rowId} /> },
        { key: 'trend', label: T.tabTrend, children: <WarningTrend rowId={rowId} /> },
        { key: 'case', label: T.tabCase, children: <ImprovementSpiral rowId={rowId} /> },
      ]}
    />
  );
}
