import { useMutation, useQuery } from '@tanstack/react-query';
import { DIMENSION_LIMITS, DIMENSION_MSG, DIMENSION_TEXT as T } from '@zg/contract';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import {
  type DimensionObjectRow,
  type DimensionTypeRow,
  fetchObjects,
  insertObject,
  insertType,
  updateObject,
  updateType,
} from './dimension.api';
import { parentTypesFor } from './dimension-logic';

export interface ObjectForm {
  dxbm: string;
  dxmc: string;
  sjid?: number | null;
  px: number;
  sfqy: boolean;
}

/** The add / edit dialog: code, name, a parent of the types the object's type allows (searched), order, enabled. */
export function ObjectDialog({
  type,
  types,
  object,
  onClose,
  onSaved,
}: {
  type: DimensionTypeRow;
  types: DimensionTypeRow[];
  object: DimensionObjectRow | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ObjectForm>();
  const [search, setSearch] = useState('');
  const parentTypes = parentTypesFor(type, types);
  const parents = useQuery({
    queryKey: ['dimension', 'parents', type.id, search],
    queryFn: async () => {
      const pages = await Promise.all(
        parentTypes.map((t) => fetchObjects({ wdid: t.id, keyword: search || undefined, pageNum: 1, pageSize: 50 })),
      );
      return pages.flatMap((p) => p.list).filter((o) => o.id !== object?.id);
    },
    enabled: parentTypes.length > 0,
  });
  const options = (parents.data ?? []).map((o) => ({ value: o.id, label: `${o.wdmc}：${o.dxmc}（${o.dxbm}）` }));
  if (object?.sjid && !options.some((o) => o.value === object.sjid))
    options.unshift({
      value: object.sjid,
      label: `${object.sjwdmc ?? ''}：${object.sjmc ?? ''}（${object.sjbm ?? ''}）`,
    });

  const save = useMutation({
    mutationFn: (v: ObjectForm) =>
      object
        ? updateObject({ id: object.id, ...v, sjid: v.sjid ?? null })
        : insertObject({ wdid: type.id, ...v, sjid: v.sjid ?? null }),
    onSuccess: async () => {
      message.success(object ? DIMENSION_MSG.saved : DIMENSION_MSG.created);
      await onSaved();
    },
  });

  return (
    <Modal
      open
      title={object ? T.editTitle(type.wdmc) : T.addTitle(type.wdmc)}
      okText={T.ok}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ObjectForm>
        form={form}
        layout="vertical"
        initialValues={
          object
            ? { dxbm: object.dxbm, dxmc: object.dxmc, sjid: object.sjid, px: object.px, sfqy: object.sfqy }
            : { px: 0, sfqy: true }
        }
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="dxbm"
          label={T.colCode}
          rules={[{ required: true, whitespace: true, message: T.codeRequired }]}
        >
          <Input maxLength={DIMENSION_LIMITS.codeMax} />
        </Form.Item>
        <Form.Item
          name="dxmc"
          label={T.colName}
          rules={[{ required: true, whitespace: true, message: T.nameRequired }]}
        >
          <Input maxLength={DIMENSION_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="sjid" label={T.parent}>
          <Select
            allowClear
            showSearch
            disabled={parentTypes.length === 0}
            placeholder={
              parentTypes.length === 0
                ? T.noParentAllowed
                : T.parentPlaceholder(parentTypes.map((t) => t.wdmc).join('、'))
            }
            filterOption={false}
            onSearch={setSearch}
            loading={parents.isFetching}
            options={options}
            notFoundContent={T.noData}
          />
        </Form.Item>
        <Form.Item name="px" label={T.colOrder}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="sfqy" label={T.colEnabled} valuePropName="checked">
          <Switch checkedChildren={T.enabled} unCheckedChildren={T.disabled} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Adds a dimension type, or renames one (a built-in type keeps its code). */
export function TypeDialog({
  type,
  onClose,
  onSaved,
}: {
  type: DimensionTypeRow | null;
  onClose: () => void;
  onSaved: (saved: DimensionTypeRow) => Promise<void>;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ wdbm: string; wdmc: string; px: number }>();
  const save = useMutation({
    mutationFn: (v: { wdbm: string; wdmc: string; px: number }) =>
      type ? updateType({ id: type.id, ...v }) : insertType(v),
    onSuccess: async (saved) => {
      message.success(type ? DIMENSION_MSG.saved : DIMENSION_MSG.created);
      await onSaved(saved);
    },
  });
  return (
    <Modal
      open
      title={type ? T.editType : T.addType}
      okText={T.ok}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={type ? { wdbm: type.wdbm, wdmc: type.wdmc, px: type.px } : { px: 0 }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="wdbm"
          label={T.typeCode}
          extra={type?.nz ? T.builtinCodeFixed : T.typeCodeHint}
          rules={[
            { required: true, whitespace: true, message: T.codeRequired },
            { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: DIMENSION_MSG.typeCodeFormat },
          ]}
        >
          <Input maxLength={DIMENSION_LIMITS.typeCodeMax} disabled={type?.nz} />
        </Form.Item>
        <Form.Item
          name="wdmc"
          label={T.typeName}
          rules={[{ required: true, whitespace: true, message: T.nameRequired }]}
        >
          <Input maxLength={DIMENSION_LIMITS.typeNameMax} />
        </Form.Item>
        <Form.Item name="px" label={T.colOrder}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
