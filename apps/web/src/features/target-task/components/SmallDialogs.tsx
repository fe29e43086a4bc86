import { LIMITS, MSG, maxChars, TASK_UI as T, TASK_MSG } from '@zg/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { EnterSubmits } from '../../../components/EnterSubmits';
import { UserPicker } from '../../../components/pickers';
import type { TaskCard } from '../target-task.api';
import { useMission, useSaveMission } from '../target-task.api';

/** 退回 / 审核不通过: the reason is required (at most 500 characters). */
export function ReasonDialog({
  open,
  title,
  label,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  label: string;
  busy?: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={T.confirm}
      cancelText={T.cancel}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.reason.trim())}>
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: TASK_MSG.reasonRequired },
            { max: LIMITS.maxLength.audit, message: maxChars(LIMITS.maxLength.audit) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={LIMITS.maxLength.audit} placeholder={T.reasonPlaceholder} autoFocus />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}

/** 分解完成 of a task kept whole: its owner is chosen here (a person of the task's department). */
export function ResolveDialog({
  open,
  task,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  task: TaskCard | null;
  busy?: boolean;
  onCancel: () => void;
  onSubmit: (ownerId: string) => void;
}) {
  const [form] = Form.useForm<{ ownerId: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ ownerId: task?.ownerId ?? undefined });
  }, [open, task, form]);
  return (
    <Modal
      open={open}
      title={`${T.resolve}：${task?.rwmc ?? ''}`}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={T.confirm}
      cancelText={T.cancel}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Alert type="info" showIcon title={T.resolveHint} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.ownerId)}>
        <Form.Item name="ownerId" label={T.ownerLabel} rules={[{ required: true, message: MSG.pleaseSelect }]}>
          <UserPicker
            aria-label={T.ownerLabel}
            users={task?.ownerId ? [{ userId: task.ownerId, userName: task.fzrmc ?? '' }] : []}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}

/** 任务书: read by whoever sees the task, written by its editors and its owner while defining it. */
export function MissionDialog({ taskId, onClose }: { taskId: number | undefined; onClose: () => void }) {
  const mission = useMission(taskId);
  const save = useSaveMission();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ mission: string }>();
  const data = mission.data;
  useEffect(() => {
    if (data) form.setFieldsValue({ mission: data.mission ?? '' });
  }, [data, form]);
  const editable = data?.canEdit === true;
  return (
    <Modal
      open={taskId !== undefined}
      title={`${T.mission}${data ? `：${data.rwmc}` : ''}`}
      onCancel={onClose}
      onOk={editable ? () => form.submit() : onClose}
      okText={editable ? T.save : T.close}
      cancelButtonProps={editable ? undefined : { style: { display: 'none' } }}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      loading={mission.isLoading}
      destroyOnHidden
      forceRender
    >
      {editable ? (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) =>
            data &&
            save
              .mutateAsync({ taskId: data.taskId, version: data.version, mission: v.mission ?? '' })
              .then(() => {
                message.success(TASK_MSG.missionSaved);
                onClose();
              })
              .catch(() => undefined)
          }
        >
          <Form.Item
            name="mission"
            label={T.missionLabel}
            rules={[{ max: LIMITS.maxLength.longContent, message: maxChars(LIMITS.maxLength.longContent) }]}
          >
            <Input.TextArea rows={8} maxLength={LIMITS.maxLength.longContent} showCount autoFocus />
          </Form.Item>
        </Form>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data?.mission || T.noMission}</Typography.Paragraph>
      )}
    </Modal>
  );
}
