import { COLLECTION_MSG as M } from '@zg/contract';
import { Form } from 'antd';
import { useState } from 'react';

/**
 * The state of a 新增/修改 dialog: the values it opens on and, when it edits a record, that record's id. What it
 * last showed stays while it closes, so its title does not change as it fades.
 */
export function useEditDialog<V>() {
  const [state, setState] = useState<{ open: boolean; id?: number; values?: V }>({ open: false });
  const [form] = Form.useForm<V>();
  const isNew = state.id === undefined;
  return {
    /** Opens on `values`: to save record `id`, or a new one without it. */
    open: (values: V, id?: number) => setState({ open: true, id, values }),
    isNew,
    editingId: state.id,
    /** The body to send: with the edited record's id, as is for a new one. */
    withId: <B extends object>(body: B): B | (B & { id: number }) =>
      state.id === undefined ? body : { ...body, id: state.id },
    /** FormDialog's props that do not differ between dialogs (the toast: 新增成功 or 保存成功). */
    dialog: {
      open: state.open,
      form,
      initialValues: state.values,
      success: isNew ? M.created : M.saved,
      onClose: () => setState((s) => ({ ...s, open: false })),
    },
  };
}
