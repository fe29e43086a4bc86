import { DIAGNOSIS_LIMITS, DIAGNOSIS_MSG as M, type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { FormDialog } from '../../../components/FormDialog';
import { useDiagnosisActions } from '../diagnosis.api';

/**
 * 审核通过 (behind a confirmation) and 审核不通过 (a reason required) of an object task's targets, shown only when its
 * abilities allow them (the task's auditor, targets waiting).
 */
export function AuditButtons({ object, link }: { object: ObjectTask; link?: boolean }) {
  const { modal, message } = App.useApp();
  const actions = useDiagnosisActions();
  const [refusing, setRefusing] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const type = link ? 'link' : 'default';

  const pass = () =>
    modal.confirm({
      title: T.passTitle(object.gzdxmc),
      content: T.passContent,
      okText: T.pass,
      cancelText: T.cancel,
      onOk: () =>
        actions.pass
          .mutateAsync({ dxrwid: object.id, shjd: 'target' })
          .then(() => message.success(M.audited))
          .catch((e) => toastFailure(message, e)),
    });

  return (
    <Space size={link ? 0 : 8} wrap>
      {object.abilities.pass && (
        <Button type={link ? 'link' : 'primary'} onClick={pass}>
          {T.pass}
        </Button>
      )}
      {object.abilities.refuse && (
        <Button type={type} danger onClick={() => setRefusing(true)}>
          {T.refuse}
        </Button>
      )}
      <FormDialog<{ reason: string }>
        open={refusing}
        title={T.refuseTitle(object.gzdxmc)}
        form={form}
        pending={actions.refuse.isPending}
        onClose={() => setRefusing(false)}
        success={M.audited}
        onSubmit={(v) => actions.refuse.mutateAsync({ dxrwid: object.id, shjd: 'target', reason: v.reason })}
      >
        <Form.Item
          name="reason"
          label={T.refuseReason}
          rules={[{ required: true, whitespace: true, message: M.refuseReasonRequired }]}
        >
          <Input.TextArea rows={4} maxLength={DIAGNOSIS_LIMITS.textMax} showCount />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}
