import {
  QUALITY_WARNING_MSG as M,
  QUALITY_WARNING_LIMITS,
  QUALITY_WARNING_TEXT as T,
  type WarnFlow,
} from '@zg/contract';
import { App, Form, Input, Modal } from 'antd';
import { toastFailure } from '../../../api/feedback';
import { useDispose } from '../quality-warning.api';

interface Values {
  yyfx: string;
  clcs: string;
}

/** 处理预警: cause analysis and measures, both required, at most 500 characters each. */
export function DisposeDialog({ warning, onClose }: { warning: WarnFlow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const dispose = useDispose();
  const { message } = App.useApp();
  const max = QUALITY_WARNING_LIMITS.textMax;
  const save = async () => {
    if (!warning) return;
    // An invalid form shows its messages under the fields and sends nothing.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    dispose.mutate(
      { id: warning.id, yyfx: v.yyfx.trim(), clcs: v.clcs.trim() },
      {
        onSuccess: () => {
          message.success(M.disposed);
          onClose();
        },
        onError: (e) => toastFailure(message, e),
      },
    );
  };
  return (
    <Modal
      open={warning !== null}
      title={T.disposeTitle}
      onCancel={onClose}
      onOk={save}
      confirmLoading={dispose.isPending}
      destroyOnHidden
      afterOpenChange={(open) =>
        open && warning && form.setFieldsValue({ yyfx: warning.yyfx ?? '', clcs: warning.clcs ?? '' })
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="yyfx"
          label={T.cause}
          rules={[
            { required: true, whitespace: true, message: M.causeRequired },
            { max, message: M.tooLong(T.cause) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={max} showCount />
        </Form.Item>
        <Form.Item
          name="clcs"
          label={T.measures}
          rules={[
            { required: true, whitespace: true, message: M.measuresRequired },
            { max, message: M.tooLong(T.measures) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={max} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
