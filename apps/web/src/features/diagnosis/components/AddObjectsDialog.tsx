import { type DiagnosisTask, DIAGNOSIS_MSG as M, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { App, Form, Select } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { useDebouncedValue } from '../../../components/pickers/use-debounced-value';
import { useDiagnosisActions, useDimensionObjects, useObjectTasks } from '../diagnosis.api';
import { objectOptions } from '../diagnosis.logic';

/** The most object tasks asked at once to tell which of the objects found are already in the task. */
const TAKEN_PAGE = 200;

/**
 * 添加诊改对象 (insertlist, the publisher or an administrator): objects of the task's dimension searched by code or
 * name; those already in the task (of the same search) are listed disabled. The server checks again (an object of
 * another dimension, one already added, one without a default person in charge) and says so in Chinese.
 */
export function AddObjectsDialog({ task, open, onClose }: { task: DiagnosisTask; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ dxbms: string[] }>();
  const { message } = App.useApp();
  const actions = useDiagnosisActions();
  const [term, setTerm] = useState('');
  const keyword = useDebouncedValue(term, 300).trim();
  const objects = useDimensionObjects(open ? task.wd : undefined, keyword);
  const inTask = useObjectTasks(
    { rwid: task.id, pageNum: 1, pageSize: TAKEN_PAGE, gzdxmc: keyword || undefined },
    open,
  );
  const taken = new Set((inTask.data?.list ?? []).map((o) => o.dxbm));

  return (
    <FormDialog<{ dxbms: string[] }>
      open={open}
      title={T.addObjectsTitle(task.rwmc)}
      form={form}
      width={640}
      pending={actions.addObjects.isPending}
      onClose={onClose}
      afterClose={() => setTerm('')}
      onSubmit={(v) =>
        actions.addObjects.mutateAsync({ rwid: task.id, dxbms: v.dxbms }).then((r) => message.success(T.added(r.added)))
      }
    >
      <Form.Item
        name="dxbms"
        label={T.publishObjects}
        extra={T.addObjectsNote}
        rules={[{ required: true, message: M.objectsRequired }]}
      >
        <Select
          mode="multiple"
          aria-label={T.addObjectsPick}
          placeholder={T.addObjectsPick}
          showSearch={{ onSearch: setTerm, filterOption: false }}
          loading={objects.isFetching || inTask.isFetching}
          notFoundContent={objects.isFetching ? undefined : T.noObjects}
          options={objectOptions(objects.data ?? [], taken)}
        />
      </Form.Item>
    </FormDialog>
  );
}
