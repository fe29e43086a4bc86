import { TASK_UI as T, type TaskDetailQuery, WARNING_STATUS } from '@zg/contract';
import { Button, Card, Input, Progress, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { YearPicker } from '../../../components/pickers';
import { useLoginRecord } from '../../../session/login-record';
import { useTaskActions } from '../components/use-task-actions';
import { exportTaskDetail, type TaskCard, useTaskDetailPage } from '../target-task.api';
import { stateOptions, statusColor, viewerOf } from '../task-logic';
import '../target-task.css';
import { ListTable } from '../../../components/ListTable';

const PER_PAGE = 10;
type Filter = Omit<TaskDetailQuery, 'current' | 'size'>;

/**
 * 任务明细: the last-level tasks with the task-detail filter of spec-1 section 2 (year-task name, last-level task name,
 * last-level task owner on the department page only, task status, warning status), exportable.
 */
export default function TaskDetailPage() {
  const viewer = viewerOf(useLoginRecord());
  const [filter, setFilter] = useState<Filter>({ scope: viewer.head ? 'department' : 'all' });
  const [draft, setDraft] = useState<Filter>(filter);
  const [page, setPage] = useState(1);
  const rows = useTaskDetailPage({ ...filter, current: page, size: PER_PAGE });
  const { run, dialogs } = useTaskActions();
  const apply = (next: Filter) => {
    setFilter(next);
    setDraft(next);
    setPage(1);
  };
  const scopes = [
    { value: 'all', label: T.scopeAll },
    ...(viewer.head ? [{ value: 'department', label: T.scopeDepartment }] : []),
    { value: 'mine', label: T.scopeMine },
  ];

  return (
    <Card variant="borderless" className="zg-task-page">
      <div className="zg-task-page__head">
        <Typography.Title level={5}>{T.pageTaskDetail}</Typography.Title>
        <Segmented
          value={filter.scope}
          options={scopes}
          onChange={(scope) => apply({ ...draft, scope: scope as Filter['scope'], fzrmc: undefined })}
        />
      </div>
      <form
        className="zg-task-toolbar"
        aria-label={T.filters}
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <Space wrap>
          <YearPicker
            aria-label={T.yearPlaceholder}
            placeholder={T.yearPlaceholder}
            value={draft.year ?? null}
            onChange={(year) => setDraft({ ...draft, year: year ?? undefined })}
            style={{ width: 130 }}
          />
          <Input
            aria-label={T.yearTaskName}
            placeholder={T.yearTaskName}
            allowClear
            value={draft.yearTaskName}
            onChange={(e) => setDraft({ ...draft, yearTaskName: e.target.value || undefined })}
            style={{ width: 170 }}
          />
          <Input
            aria-label={T.lastLevelTaskName}
            placeholder={T.lastLevelTaskName}
            allowClear
            value={draft.rwmc}
            onChange={(e) => setDraft({ ...draft, rwmc: e.target.value || undefined })}
            style={{ width: 170 }}
          />
          {filter.scope === 'department' && (
            <Input
              aria-label={T.lastLevelOwner}
              placeholder={T.lastLevelOwner}
              allowClear
              value={draft.fzrmc}
              onChange={(e) => setDraft({ ...draft, fzrmc: e.target.value || undefined })}
              style={{ width: 150 }}
            />
          )}
          <Select
            aria-label={T.taskStatePlaceholder}
            placeholder={T.taskStatePlaceholder}
            allowClear
            style={{ width: 130 }}
            value={draft.rwzt}
            onChange={(rwzt?: Filter['rwzt']) => setDraft({ ...draft, rwzt })}
            options={stateOptions('yearTask')}
          />
          <Select
            aria-label={T.warningStatus}
            placeholder={T.warningStatus}
            allowClear
            style={{ width: 130 }}
            value={draft.warningStatus}
            onChange={(warningStatus?: Filter['warningStatus']) => setDraft({ ...draft, warningStatus })}
            options={Object.entries(WARNING_STATUS).map(([value, label]) => ({ value, label }))}
          />
          <Button type="primary" htmlType="submit">
            {T.search}
          </Button>
          <Button onClick={() => apply({ scope: filter.scope })}>{T.reset}</Button>
          <Button onClick={() => exportTaskDetail(filter).catch(() => undefined)}>{T.export}</Button>
        </Space>
      </form>
      <ListTable<TaskCard>
        rowKey="id"
        size="middle"
        loading={rows.isFetching}
        rows={rows.data?.records}
        pager={{ current: page, total: rows.data?.total ?? 0, pageSize: PER_PAGE, onChange: setPage }}
        columns={[
          { title: T.yearTaskName, dataIndex: 'yearTargetName', ellipsis: true },
          {
            title: T.lastLevelTaskName,
            dataIndex: 'rwmc',
            ellipsis: true,
            render: (name: string, card) => (
              <Button type="link" size="small" onClick={() => run(card, 'detail')}>
                {name}
              </Button>
            ),
          },
          { title: T.fbbm, dataIndex: 'fbbm', width: 130 },
          { title: T.fzrmc, dataIndex: 'fzrmc', width: 100 },
          { title: T.jssj, dataIndex: 'jssj', width: 110 },
          {
            title: T.rwzt,
            dataIndex: 'rwztmc',
            width: 110,
            render: (label: string, card) => <Tag color={statusColor(card.rwzt)}>{label}</Tag>,
          },
          {
            title: T.rwjd,
            dataIndex: 'rwjd',
            width: 140,
            render: (p: number) => <Progress percent={p} size="small" />,
          },
          {
            title: T.warningStatus,
            key: 'warnings',
            width: 150,
            render: (_: unknown, card) =>
              card.processWarningCount + card.expiredWarningCount === 0
                ? WARNING_STATUS.none
                : `${T.processWarningCount} ${card.processWarningCount} / ${T.expiredWarningCount} ${card.expiredWarningCount}`,
          },
        ]}
      />
      {dialogs}
    </Card>
  );
}
