import { type AnalysisTaskRowSchema, LIMITS, ANALYSIS_UI as T } from '@zg/contract';
import { Drawer, Progress, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ListTable } from '../../components/ListTable';
import { type DrillDown, type SummaryFilter, useTasksBehind } from './analysis.api';
import { taskTypeName } from './figures';

type Row = z.infer<typeof AnalysisTaskRowSchema>;

const STATUS_COLOR: Record<string, string> = {
  hasDone: 'green',
  delayDone: 'cyan',
  delayNotDone: 'red',
  executeing: 'blue',
  notPushed: 'default',
  goBack: 'orange',
};

// What the user looks for first (name, state, department, owner, progress) before the scroll.
const columns: TableColumnsType<Row> = [
  { title: T.taskName, dataIndex: 'rwmc', ellipsis: true, width: 220, fixed: 'left' },
  {
    title: T.taskStatus,
    dataIndex: 'rwztmc',
    width: 110,
    render: (v: string, r) => <Tag color={STATUS_COLOR[r.rwzt] ?? 'processing'}>{v}</Tag>,
  },
  { title: T.fzbm, dataIndex: 'fbbm', width: 130, render: (v: string | null) => v ?? T.noDepartment },
  { title: T.owner, dataIndex: 'fzrmc', width: 90 },
  {
    title: T.progress,
    dataIndex: 'rwjd',
    width: 130,
    render: (v: number) => <Progress percent={v} size="small" />,
  },
  { title: T.taskType, dataIndex: 'rwlx', width: 100, render: (v: string) => taskTypeName(v) },
  { title: T.yearTarget, dataIndex: 'yearTargetName', ellipsis: true, width: 180 },
  { title: T.year, dataIndex: 'nf', width: 70 },
  { title: T.period, key: 'period', width: 200, render: (_, r) => `${r.kssj} ~ ${r.jssj}` },
];

/** The tasks behind a clicked figure, in a drawer (55% wide), paged by the server. */
export function TasksDrawer({
  filter,
  drill,
  onClose,
}: {
  filter: SummaryFilter;
  drill: DrillDown | null;
  onClose: () => void;
}) {
  const [current, setCurrent] = useState<number>(LIMITS.firstPage);
  // Each figure opens on its first page.
  useEffect(() => {
    if (drill) setCurrent(LIMITS.firstPage);
  }, [drill]);
  const size = LIMITS.defaultPageSize;
  const tasks = useTasksBehind(filter, drill, current, size);
  return (
    <Drawer
      open={drill !== null}
      onClose={onClose}
      size="55%"
      title={drill ? T.drawerTitle(drill.title) : undefined}
      destroyOnHidden
    >
      <ListTable<Row>
        rowKey="id"
        size="small"
        loading={tasks.isFetching}
        columns={columns}
        rows={tasks.data?.records}
        scroll={{ x: 1230 }}
        pager={{ current, total: tasks.data?.total ?? 0, pageSize: size, onChange: setCurrent }}
      />
    </Drawer>
  );
}
