import { REPORT_MSG, REPORT_UI as T } from '@zg/contract';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { EmptyState } from '../../components/EmptyState';
import { useCovers, useMyTasks, useReportActions, useTemplates } from './report.api';

/** Task states from which a report can be generated (the server checks again). */
export const REPORTABLE_STATES: readonly string[] = ['executeing', 'delayNotDone', 'hasDone', 'delayDone'];

interface GenerateValues {
  taskId: number;
  templateId?: number;
  coverId?: number;
}

/** 生成报告: one of the user's tasks under way or finished, with a template and a cover (or the defaults). */
export function GenerateDialog({
  open,
  onClose,
  onGenerated,
  taskId,
  regenerate = false,
}: {
  open: boolean;
  onClose: () => void;
  onGenerated: (reportId: number) => void;
  /** A fixed task (from the task's own page, or its report): no task select. */
  taskId?: number;
  /** The task has a report already: it is replaced, which the dialog says first. */
  regenerate?: boolean;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<GenerateValues>();
  const [search, setSearch] = useState<string | undefined>();
  const tasks = useMyTasks(search, open && taskId === undefined);
  const templates = useTemplates(1, 200, undefined, open, 'targetTask');
  const covers = useCovers(1, 200, undefined, open);
  const actions = useReportActions();
  const options = (tasks.data?.records ?? [])
    .filter((t) => REPORTABLE_STATES.includes(t.rwzt))
    .map((t) => ({ value: t.id, label: `${t.rwmc}（${t.rwztmc}）` }));

  const finish = async (values: GenerateValues) => {
    try {
      const report = await actions.generate.mutateAsync({ ...values, taskId: taskId ?? values.taskId });
      message.success(REPORT_MSG.generated);
      form.resetFields();
      onGenerated(report.id);
    } catch (error) {
      message.error(errorText(error, T.generate));
    }
  };

  return (
    <Modal
      open={open}
      title={regenerate ? T.regenerate : T.generate}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={actions.generate.isPending}
      destroyOnHidden
      width={560}
    >
      {regenerate && <Alert type="warning" showIcon title={T.regenerateConfirm} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={finish}>
        {taskId === undefined && (
          <Form.Item name="taskId" label={T.task} rules={[{ required: true, message: T.taskPlaceholder }]}>
            <Select<number>
              showSearch={{ filterOption: false, onSearch: (v) => setSearch(v.trim() || undefined) }}
              placeholder={T.taskPlaceholder}
              loading={tasks.isFetching}
              options={options}
              notFoundContent={tasks.isFetching ? undefined : <EmptyState />}
            />
          </Form.Item>
        )}
        <Form.Item name="templateId" label={T.template} extra={T.templateDefault}>
          <Select<number>
            allowClear
            placeholder={T.templateDefault}
            loading={templates.isLoading}
            options={(templates.data?.records ?? []).map((t) => ({ value: t.id, label: t.mbmc }))}
          />
        </Form.Item>
        <Form.Item name="coverId" label={T.cover} extra={T.coverDefault}>
          <Select<number>
            allowClear
            placeholder={T.coverDefault}
            loading={covers.isLoading}
            options={(covers.data?.records ?? []).map((c) => ({
              value: c.id,
              label: c.sfmr ? `${c.fmmc}（${T.defaultTag}）` : c.fmmc,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
