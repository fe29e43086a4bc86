import { useMutation } from '@tanstack/react-query';
import { DATA_MANAGE_MSG as M, SHELL_TEXT as T, WAREHOUSE_TEXT as W } from '@zg/contract';
import { Button, Form, Popconfirm } from 'antd';
import { useState } from 'react';
import { useWarehouseActions } from './warehouse.api';

/**
 * Adding, editing and deleting one kind of warehouse row (a warehouse, a table): the row in the dialog, the props of
 * its FormDialog, and a row's delete. Every change refreshes the warehouse's queries; a refused delete is told.
 */
export function useWarehouseEditing<R extends { id: number }, D>(send: {
  /** Sends the dialog's values: as a new row when `id` is undefined, else as row `id`. */
  save: (values: D, id: number | undefined) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}) {
  const { refresh, fail, message } = useWarehouseActions();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [form] = Form.useForm<D>();
  const save = useMutation({
    mutationFn: async (values: D) => {
      if (editing === 'new') await send.save(values, undefined);
      else if (editing) await send.save(values, editing.id);
      await refresh();
    },
  });
  const remove = async (row: R) => {
    try {
      await send.remove(row.id);
      message.success(M.deleted);
      await refresh();
    } catch (error) {
      fail(error);
    }
  };
  return {
    add: () => setEditing('new'),
    edit: (row: R) => setEditing(row),
    remove,
    /** The dialog adds a row (rather than edits one). */
    adding: editing === 'new',
    /** The row the dialog edits, if it edits one. */
    editing: editing === 'new' ? null : editing,
    dialog: {
      open: editing !== null,
      form,
      pending: save.isPending,
      onClose: () => setEditing(null),
      onSubmit: save.mutateAsync,
      success: editing === 'new' ? M.created : M.saved,
    },
  };
}

/** A row's 删除 link, which asks `title` (确定 / 取消) first. */
export function DeleteLink({ title, onConfirm }: { title: string; onConfirm: () => Promise<unknown> }) {
  return (
    <Popconfirm title={title} okText={T.confirm} cancelText={T.cancel} onConfirm={onConfirm}>
      <Button type="link" danger>
        {W.delete}
      </Button>
    </Popconfirm>
  );
}
