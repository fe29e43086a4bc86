import { DIAGNOSIS_MSG as M, type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Form } from 'antd';
import { FormDialog } from '../../../components/FormDialog';
import { UserPicker } from '../../../components/pickers';
import { useDiagnosisActions } from '../diagnosis.api';

type People = { gxrids: string[]; cjrids: string[] };

const known = (refs: readonly { id: string; name: string }[]) => refs.map((r) => ({ userId: r.id, userName: r.name }));

/**
 * 设置共享人与采集人 of an object task (rest/obj/authority; the publisher or the person in charge): sharers edit the rows'
 * analysis with the person in charge, collectors collect its data. Starts from the people it has; the server checks
 * every user exists and is enabled and says so in Chinese, the dialog keeping the choice.
 */
export function PeopleDialog({ object, onClose }: { object: ObjectTask | null; onClose: () => void }) {
  const [form] = Form.useForm<People>();
  const actions = useDiagnosisActions();
  return (
    <FormDialog<People>
      open={object !== null}
      title={object ? T.peopleTitle(object.gzdxmc) : T.setPeople}
      form={form}
      pending={actions.setPeople.isPending}
      onClose={onClose}
      success={M.authoritySaved}
      initialValues={{ gxrids: object?.gxrs.map((u) => u.id) ?? [], cjrids: object?.cjrs.map((u) => u.id) ?? [] }}
      onSubmit={(v) => actions.setPeople.mutateAsync({ id: object?.id ?? 0, gxrids: v.gxrids, cjrids: v.cjrids })}
    >
      <Form.Item name="gxrids" label={T.sharers} extra={T.sharersHint}>
        <UserPicker multiple aria-label={T.sharers} users={known(object?.gxrs ?? [])} />
      </Form.Item>
      <Form.Item name="cjrids" label={T.collectors} extra={T.collectorsHint}>
        <UserPicker multiple aria-label={T.collectors} users={known(object?.cjrs ?? [])} />
      </Form.Item>
    </FormDialog>
  );
}
