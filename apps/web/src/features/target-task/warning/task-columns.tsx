import { PROGRESS_TEXT as T, type TaskCard } from '@zg/contract';
import { Button, type TableColumnType, Tag, Typography } from 'antd';

/** The task name (a link when the host page opens task details) over its year target's name. */
export function taskNameColumn(onOpenTask?: (task: TaskCard) => void): TableColumnType<TaskCard> {
  return {
    title: T.taskName,
    dataIndex: 'rwmc',
    render: (name: string, t) => (
      <div className="zg-warning-page__name">
        {onOpenTask ? (
          <Button type="link" size="small" className="zg-link-cell" onClick={() => onOpenTask(t)}>
            {name}
          </Button>
        ) : (
          <Typography.Text>{name}</Typography.Text>
        )}
        <Typography.Text type="secondary" className="zg-warning-page__target">
          {t.yearTargetName}
        </Typography.Text>
      </div>
    ),
  };
}

/** 过程预警 and 逾期预警: the task's open warnings of each kind, coloured when there are any. */
export function warningCountColumns(width: number): TableColumnType<TaskCard>[] {
  return [
    {
      title: T.processWarnings,
      dataIndex: 'processWarningCount',
      width,
      render: (n: number) => <Tag color={n ? 'orange' : 'default'}>{n}</Tag>,
    },
    {
      title: T.expiredWarnings,
      dataIndex: 'expiredWarningCount',
      width,
      render: (n: number) => <Tag color={n ? 'red' : 'default'}>{n}</Tag>,
    },
  ];
}
