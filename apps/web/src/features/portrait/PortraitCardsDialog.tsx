import {
  PORTRAIT_MSG as M,
  PORTRAIT_KIND_NAMES,
  PORTRAIT_LIMITS,
  type PortraitKind,
  type PortrayalCard,
  PORTRAIT_TEXT as T,
} from '@zg/contract';
import { App, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../api/feedback';
import { FormDialog } from '../../components/FormDialog';
import { ListTable } from '../../components/ListTable';
import { type CardInput, useCardAlgorithms, useCards, useDeleteCard, useSaveCard } from './portrait.api';

type Editing = { card?: PortrayalCard } | null;

/** The card form: name, unit, the value algorithm it shows and its order; the kind is the portrait's. */
function CardForm({ kind, editing, onClose }: { kind: PortraitKind; editing: Editing; onClose: () => void }) {
  const [form] = Form.useForm<CardInput>();
  const save = useSaveCard();
  const algorithms = useCardAlgorithms(editing !== null);
  const card = editing?.card;
  return (
    <FormDialog<CardInput>
      open={editing !== null}
      title={card ? T.editCard : T.addCard}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      success={M.cardSaved}
      initialValues={card ? { ...card, kind } : { kind, unit: '', sort: 0 }}
      onSubmit={(v) => save.mutateAsync({ ...v, kind, ...(card ? { id: card.id } : {}) })}
    >
      <Form.Item name="label" label={T.label} rules={[{ required: true, whitespace: true, message: T.labelRequired }]}>
        <Input maxLength={PORTRAIT_LIMITS.labelMax} showCount />
      </Form.Item>
      <Form.Item name="unit" label={T.unit}>
        <Input maxLength={PORTRAIT_LIMITS.unitMax} />
      </Form.Item>
      <Form.Item name="algorithmId" label={T.algorithm} rules={[{ required: true, message: T.algorithmRequired }]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={algorithms.isLoading}
          options={(algorithms.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
      </Form.Item>
      <Form.Item name="sort" label={T.sort}>
        <InputNumber min={0} max={999} precision={0} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * 卡片配置: the configured cards of one portrait kind, added by anyone who opens portraits and changed or deleted only by
 * their creator (the server decides; the row's abilities only hide what it would refuse).
 */
export function PortraitCardsButton({ kind }: { kind: PortraitKind }) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const cards = useCards(open ? kind : undefined);
  const remove = useDeleteCard();
  const { message } = App.useApp();
  const rows = (cards.data ?? []).filter((c) => c.kind === kind);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{T.config}</Button>
      <Modal
        open={open}
        title={`${T.config}（${PORTRAIT_KIND_NAMES[kind]}）`}
        width={760}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Button type="primary" onClick={() => setEditing({})} style={{ marginBottom: 12 }}>
          {T.addCard}
        </Button>
        <ListTable<PortrayalCard>
          rowKey="id"
          size="small"
          pager="local"
          rows={open ? rows : []}
          loading={cards.isLoading}
          error={cards.error}
          empty={T.noCards}
          columns={[
            { title: T.label, dataIndex: 'label' },
            { title: T.unit, dataIndex: 'unit', width: 70 },
            { title: T.algorithm, dataIndex: 'algorithmName' },
            { title: T.sort, dataIndex: 'sort', width: 60 },
            { title: T.creator, dataIndex: 'createdByName', width: 90 },
            {
              title: T.actions,
              key: 'actions',
              width: 120,
              render: (_: unknown, c: PortrayalCard) => (
                <Space size={4}>
                  {c.abilities.edit && (
                    <Button type="link" size="small" onClick={() => setEditing({ card: c })}>
                      {T.edit}
                    </Button>
                  )}
                  {c.abilities.delete && (
                    <Popconfirm
                      title={T.deleteConfirm(c.label)}
                      onConfirm={() =>
                        remove
                          .mutateAsync(c.id)
                          .then(() => message.success(M.cardDeleted))
                          .catch((e) => toastFailure(message, e))
                      }
                    >
                      <Button type="link" size="small" danger>
                        {T.deleteCard}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Modal>
      <CardForm kind={kind} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
