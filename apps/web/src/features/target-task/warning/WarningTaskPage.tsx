import { LIMITS, PROGRESS_MSG, PROGRESS_TEXT as T, type TaskCard } from '@zg/contract';
import { Button, Card, Drawer, Form, Input, Select, Space, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { useLoginRecord } from '../../../session/login-record';
import { isPublisher } from './counts';
import { FocusButton } from './FocusButton';
import { TaskWarnings } from './TaskWarnings';
import { taskNameColumn, warningCountColumns } from './task-columns';
import { useAddUrge, useWarningTasks, useWarningTypes, useYearTargetOptions } from './warning.api';
import '../progress/progress.css';
import { ListTable } from '../../../components/ListTable';
import { QueryBoundary } from '../../../components/QueryBoundary';

/**
 * 预警任务 (page kind warningTask): the three counters 预警总数 / 过程预警 / 逾期预警, the warning-type select, the warned
 * tasks, and for publishers the urge button. `onOpenTask` opens a task's detail when the host page offers one.
 */
export default function WarningTaskPage({ onOpenTask }: { onOpenTask?: (task: TaskCard) => void }) {
  const record = useLoginRecord();
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const [warningTypeId, setWarningTypeId] = useState<number | undefined>();
  const [yearTargetId, setYearTargetId] = useState<number | undefined>();
  const [rwmc, setRwmc] = useState<string | undefined>();
  const [sort, setSort] = useState<'asc' | 'desc'>('desc');
  const [records, setRecords] = useState<TaskCard | null>(null);
  const [urging, setUrging] = useState<TaskCard | null>(null);
  const [urgeForm] = Form.useForm<{ content?: string }>();
  const size = LIMITS.defaultPageSize;
  const list = useWarningTasks({ current: page, size, warningTypeId, yearTargetId, rwmc, sort });
  const types = useWarningTypes();
  const targets = useYearTargetOptions();
  const addUrge = useAddUrge();
  const publisher = record ? isPublisher(record.roleIdList) : false;
  const reset = () => setPage(LIMITS.firstPage);

  return (
    <Card variant="borderless" className="zg-warning-page">
      <div className="zg-warning-page__counters" data-testid="warning-counters">
        <Statistic title={T.totalWarnings} value={list.data?.totalWarningCount ?? 0} data-testid="count-total" />
        <Statistic
          title={T.processWarnings}
          value={list.data?.processWarningCount ?? 0}
          valueStyle={{ color: '#fa8c16' }}
          data-testid="count-process"
        />
        <Statistic
          title={T.expiredWarnings}
          value={list.data?.expiredWarningCount ?? 0}
          valueStyle={{ color: '#f5222d' }}
          data-testid="count-expired"
        />
      </div>
      <Space wrap className="zg-warning-page__filters">
        <Select
          aria-label={T.linkedYearTarget}
          style={{ width: 220 }}
          placeholder={T.linkedYearTarget}
          value={yearTargetId ?? 0}
          onChange={(v) => {
            setYearTargetId(v === 0 ? undefined : v);
            reset();
          }}
          options={[
            { value: 0, label: T.allOption },
            ...(targets.data ?? []).map((t) => ({ value: t.id, label: t.name })),
          ]}
        />
        <Select
          aria-label={T.warningType}
          style={{ width: 180 }}
          value={warningTypeId ?? 0}
          onChange={(v) => {
            setWarningTypeId(v === 0 ? undefined : v);
            reset();
          }}
          options={[
            { value: 0, label: T.allWarningTypes },
            ...(types.data ?? []).map((t) => ({ value: t.id, label: t.yjlxmc })),
          ]}
        />
        <Input.Search
          allowClear
          placeholder={T.searchTask}
          style={{ width: 220 }}
          maxLength={LIMITS.maxLength.default}
          onSearch={(v) => {
            setRwmc(v.trim() || undefined);
            reset();
          }}
        />
        <Select
          aria-label={T.sortDesc}
          style={{ width: 140 }}
          value={sort}
          onChange={(v) => {
            setSort(v);
            reset();
          }}
          options={[
            { value: 'asc', label: T.sortAsc },
            { value: 'desc', label: T.sortDesc },
          ]}
        />
      </Space>
      <ListTable<TaskCard>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        rows={list.data?.page.records}
        scroll={{ x: 'max-content' }}
        empty={list.error?.message ?? T.noWarningTasks}
        pager={{ current: page, total: list.data?.page.total ?? 0, pageSize: size, onChange: setPage }}
        columns={[
          taskNameColumn(onOpenTask),
          { title: T.department, dataIndex: 'fbbm', width: 110 },
          { title: T.owner, dataIndex: 'fzrmc', width: 80 },
          { title: T.taskStatus, dataIndex: 'rwztmc', width: 100, render: (s: string) => <Tag>{s}</Tag> },
          { title: T.endDate, dataIndex: 'jssj', width: 110 },
          ...warningCountColumns(80),
          {
            title: T.actions,
            key: 'actions',
            width: 210,
            render: (_v, t) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setRecords(t)}>
                  {T.warningRecordsShort}
                </Button>
                {publisher && (
                  <Button size="small" type="primary" onClick={() => setUrging(t)}>
                    {T.urge}
                  </Button>
                )}
                <FocusButton taskId={t.id} />
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={records !== null}
        onClose={() => setRecords(null)}
        title={records ? T.warningsOf(records.rwmc) : ''}
        size="55%"
        destroyOnHidden
      >
        {records && (
          <QueryBoundary>
            <TaskWarnings taskId={records.id} />
          </QueryBoundary>
        )}
      </Drawer>
      <FormDialog
        open={urging !== null}
        title={urging ? `${T.urgeTaskTitle}：${urging.rwmc}` : ''}
        form={urgeForm}
        pending={addUrge.isPending}
        onClose={() => setUrging(null)}
        onSubmit={(v) =>
          urging
            ? addUrge.mutateAsync({ taskId: urging.id, content: v.content?.trim() || undefined })
            : Promise.resolve()
        }
        success={PROGRESS_MSG.urgeSent(1)}
      >
        <Form.Item label={T.department}>{urging?.fbbm ?? ''}</Form.Item>
        <Form.Item name="content" label={T.urgeContent}>
          <Input.TextArea rows={3} maxLength={LIMITS.maxLength.audit} showCount placeholder={T.input} />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}
