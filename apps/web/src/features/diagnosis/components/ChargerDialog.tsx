import { DIAGNOSIS_MSG as M, type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Form, Typography } from 'antd';
import { FormDialog } from '../../../components/FormDialog';
import { UserPicker } from '../../../components/pickers';
import { useDiagnosisActions } from '../diagnosis.api';

/**
 * 更换负责人 of an object task (updatePushedCharger, the publisher or an administrator): a user picked by 工号 or
 * name; the server checks the user exists and is enabled and says so in Chinese, the dialog keeping the choice.
 */
export function ChargerDialog({ object, onClose }: { object: ObjectTask | null; onClose: () => void }) {
  const [form] = Form.useForm<{ fzrid: string }>();
  const actions = useDiagnosisActions();
  return (
    <FormDialog<{ fzrid: string }>
      open={object !== null}
      title={object ? T.changeChargerTitle(object.gzdxmc) : T.changeCharger}
      form={form}
      pending={actions.changeCharger.isPending}
      onClose={onClose}
      success={M.chargerChanged}
      onSubmit={(v) => actions.changeCharger.mutateAsync({ ids: [object?.id ?? 0], fzrid: v.fzrid })}
    >
      <Typography.Paragraph type="secondary">
        {T.field(T.currentCharger, object?.fzr?.name ?? T.dash)}
      </Typography.Paragraph>
      <Form.Item name="fzrid" label={T.newCharger} rules={[{ required: true, message: T.newChargerRequired }]}>
        <UserPicker aria-label={T.newCharger} />
      </Form.Item>
    </FormDialog>
  );
}
