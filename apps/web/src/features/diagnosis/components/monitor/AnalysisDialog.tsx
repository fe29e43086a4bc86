import { DIAGNOSIS_LIMITS, type QualityRow, QUALITY_VIEW_TEXT as T, QUALITY_VIEW_MSG as V } from '@zg/contract';
import { App, Form, Input, Modal } from 'antd';
import { toastFailure } from '../../../../api/feedback';
import { useSaveAnalysis } from './monitor.api';
import { analysisProblem, charCount } from './monitor.logic';

type Row = Pick<QualityRow, 'id' | 'zkdmc' | 'yyfx' | 'gjcs'>;
const MAX = DIAGNOSIS_LIMITS.textMax;

/** A rule of the form from analysisProblem (required, at most 500 characters). */
const rule = {
  validator: (_: unknown, v: string) =>
    Promise.resolve(analysisProblem(v)).then((p) => (p ? Promise.reject(new Error(p)) : undefined)),
};

/**
 * 分析与改进 (spec-2 §2.2): cause analysis and improvement measures, both required, at most 500 characters each with a
 * counter; saved with rest/disqualified/update, then the dialog closes and the lists refresh. Offered to editors only
 * (isedit); the server refuses anyone else.
 */
export function AnalysisDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ yyfx: string; gjcs: string }>();
  const save = useSaveAnalysis();

  const submit = async () => {
    if (!row) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({ id: row.id, yyfx: values.yyfx.trim(), gjcs: values.gjcs.trim() });
      message.success(V.analysisSaved);
      onClose();
    } catch (e) {
      toastFailure(message, e);
    }
  };

  const count = { show: true, max: MAX, strategy: charCount };
  return (
    <Modal
      open={row !== null}
      title={T.analysisTitle}
      okText={T.save}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        key={row?.id}
        form={form}
        layout="vertical"
        initialValues={{ yyfx: row?.yyfx ?? '', gjcs: row?.gjcs ?? '' }}
      >
        <Form.Item name="yyfx" label={T.cause} required rules={[rule]}>
          <Input.TextArea rows={5} count={count} placeholder={T.causePlaceholder} />
        </Form.Item>
        <Form.Item name="gjcs" label={T.measures} required rules={[rule]}>
          <Input.TextArea rows={5} count={count} placeholder={T.measuresPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
