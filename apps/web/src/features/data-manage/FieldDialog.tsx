import {
  DATA_MANAGE_API as API,
  type FieldType,
  fieldShapeProblem,
  identifierProblem,
  DATA_MANAGE_MSG as M,
  SHELL_TEXT as T,
  WAREHOUSE_TEXT as W,
  WAREHOUSE_LIMITS,
  type WarehouseField,
} from '@zg/contract';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../api/endpoint';
import { EnterSubmits } from '../../components/EnterSubmits';
import { useDimensionOptions, useFieldTypes, useWarehouseActions } from './warehouse.api';

/** A form rule checking a table or field name as the server does (lower-cased first). */
export const identifierRule = (kind: 'table' | 'field') => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = identifierProblem((value ?? '').trim().toLowerCase(), kind);
    if (problem) throw new Error(problem);
  },
});

type Draft = {
  zdm: string;
  zdzwm: string;
  zdlx: FieldType;
  cd?: number | null;
  xsws?: number | null;
  sfbt: boolean;
  sfwy: boolean;
  wdid?: number | null;
};

/** The field editor (ckbzd insert / update): name, label, type, length, decimals, required, unique, dimension. */
export function FieldDialog({
  ckbid,
  field,
  onClose,
}: {
  ckbid: number;
  /** The field edited, 'new' to add one, null when closed. */
  field: WarehouseField | 'new' | null;
  onClose: () => void;
}) {
  const { refresh, fail, message } = useWarehouseActions();
  const types = useFieldTypes();
  const dimensions = useDimensionOptions();
  const [form] = Form.useForm<Draft>();
  const type = Form.useWatch('zdlx', form);
  const [saving, setSaving] = useState(false);
  // Each opening starts from what is edited now (the form outlives the dialog: forceRender).
  useEffect(() => {
    if (field !== null) form.resetFields();
  }, [field, form]);

  const save = async (v: Draft) => {
    if (saving) return;
    setSaving(true);
    try {
      const shape = {
        zdm: v.zdm,
        zdzwm: v.zdzwm,
        zdlx: v.zdlx,
        cd: v.zdlx === 'text' || v.zdlx === 'decimal' ? (v.cd ?? null) : null,
        xsws: v.zdlx === 'decimal' ? (v.xsws ?? null) : null,
        sfbt: v.sfbt,
        sfwy: v.sfwy,
        wdid: v.wdid ?? null,
      };
      if (field === 'new') await call(API.fieldInsert, { body: { ...shape, ckbid } });
      else if (field) await call(API.fieldUpdate, { body: { ...shape, id: field.id } });
      message.success(field === 'new' ? M.created : M.saved);
      onClose();
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const shapeRule = (path: 'cd' | 'xsws') => ({
    validator: async () => {
      const v = form.getFieldsValue();
      if (!v.zdlx) return;
      const problem = fieldShapeProblem({
        zdlx: v.zdlx,
        cd: v.zdlx === 'text' || v.zdlx === 'decimal' ? v.cd : null,
        xsws: v.zdlx === 'decimal' ? v.xsws : null,
      });
      if (problem?.path === path) throw new Error(problem.message);
    },
  });

  return (
    <Modal
      open={field !== null}
      title={field === 'new' ? W.addField : W.editField}
      okText={T.confirm}
      cancelText={T.cancel}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      onOk={() => form.submit()}
    >
      <Form<Draft>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          field && field !== 'new'
            ? { ...field, wdid: field.wdid ?? undefined }
            : { zdlx: 'text', sfbt: false, sfwy: false }
        }
        onFinish={save}
      >
        <Form.Item name="zdm" label={W.fieldName} extra={W.identifierHint} rules={[identifierRule('field')]}>
          <Input maxLength={WAREHOUSE_LIMITS.identifierMax} />
        </Form.Item>
        <Form.Item
          name="zdzwm"
          label={W.fieldLabel}
          rules={[{ required: true, whitespace: true, message: M.labelRequired }]}
        >
          <Input maxLength={WAREHOUSE_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="zdlx" label={W.fieldType} rules={[{ required: true, message: M.typeRequired }]}>
          <Select
            loading={types.isLoading}
            options={types.data?.map((t) => ({ value: t.value, label: t.label }))}
            onChange={() => form.setFieldsValue({ cd: null, xsws: null })}
          />
        </Form.Item>
        {(type === 'text' || type === 'decimal') && (
          <Form.Item
            name="cd"
            label={type === 'text' ? W.textLength : W.precision}
            extra={type === 'text' ? W.textLengthHint : W.precisionHint}
            rules={[shapeRule('cd')]}
          >
            <InputNumber min={1} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        {type === 'decimal' && (
          <Form.Item name="xsws" label={W.scale} extra={W.scaleHint} rules={[shapeRule('xsws')]}>
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item name="sfbt" label={W.required} valuePropName="checked">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
        <Form.Item name="sfwy" label={W.unique} valuePropName="checked">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
        <Form.Item name="wdid" label={W.dimension}>
          <Select
            allowClear
            placeholder={W.noDimension}
            loading={dimensions.isLoading}
            options={dimensions.data?.map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
