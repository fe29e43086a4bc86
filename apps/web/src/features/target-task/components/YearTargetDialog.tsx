import { LIMITS, MSG, maxChars, TASK_UI as T } from '@zg/contract';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { EnterSubmits } from '../../../components/EnterSubmits';
import { UserPicker, YearPicker } from '../../../components/pickers';
import { useSaveYearTarget, type YearTarget, type YearTargetForm } from '../target-task.api';
import { DepartmentSelect } from './DepartmentSelect';

export interface YearTargetDialogProps {
  open: boolean;
  /** The target to edit; none to add one. */
  target?: YearTarget | null;
  defaultYear?: number;
  onClose: () => void;
  onSaved?: (id: number | undefined) => void;
}

/** 新增 / 编辑年度目标: name, cycle year, charge department, auditor and a description. */
export function YearTargetDialog({ open, target, defaultYear, onClose, onSaved }: YearTargetDialogProps) {
  const [form] = Form.useForm<YearTargetForm>();
  const { message } = App.useApp();
  const save = useSaveYearTarget();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      target
        ? {
            name: target.name,
            cycleYear: target.cycleYear,
            chargeDepartId: target.chargeDepartId,
            auditorId: target.auditorId ?? undefined,
            description: target.description ?? undefined,
          }
        : { cycleYear: defaultYear ?? new Date().getFullYear() },
    );
  }, [open, target, defaultYear, form]);

  const submit = async (values: YearTargetForm) => {
    const result = await save.mutateAsync(target ? { ...values, id: target.id, version: target.version } : values);
    message.success(target ? T.updated : T.created);
    onSaved?.((result as { id?: number } | undefined)?.id ?? target?.id);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={target ? T.editYearTarget : T.addYearTarget}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={T.save}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => submit(v).catch(() => undefined)}>
        <Form.Item
          name="name"
          label={T.targetName}
          rules={[
            { required: true, whitespace: true, message: MSG.required },
            { max: LIMITS.maxLength.longName, message: maxChars(LIMITS.maxLength.longName) },
          ]}
        >
          <Input maxLength={LIMITS.maxLength.longName} placeholder={MSG.pleaseInput} autoFocus />
        </Form.Item>
        <Form.Item name="cycleYear" label={T.cycleYear} rules={[{ required: true, message: MSG.pleaseSelect }]}>
          <YearPicker aria-label={T.cycleYear} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="chargeDepartId"
          label={T.chargeDepartName}
          rules={[{ required: true, message: MSG.pleaseSelect }]}
        >
          <DepartmentSelect aria-label={T.chargeDepartName} />
        </Form.Item>
        <Form.Item name="auditorId" label={T.auditorName}>
          <UserPicker
            aria-label={T.auditorName}
            users={target?.auditorId ? [{ userId: target.auditorId, userName: target.auditorName ?? '' }] : []}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={T.description}
          rules={[{ max: LIMITS.maxLength.longContent, message: maxChars(LIMITS.maxLength.longContent) }]}
        >
          <Input.TextArea rows={3} maxLength={LIMITS.maxLength.longContent} placeholder={MSG.pleaseInput} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
