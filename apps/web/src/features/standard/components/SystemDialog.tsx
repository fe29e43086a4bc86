import { DIMENSIONS, STANDARD_LIMITS, STANDARD_MSG, type StandardSystem, STANDARD_TEXT as T } from '@zg/contract';
import { Form, Input, InputNumber, Select, Space } from 'antd';
import { FormDialog } from '../../../components/FormDialog';
import { useStandardActions } from '../standard.api';

interface Values {
  name: string;
  dimension: (typeof DIMENSIONS)[number]['code'];
  startYear: number;
  endYear: number;
}

/** 新建 / 编辑目标标准: name, dimension (fixed once created) and the years in force. */
export function SystemDialog({
  editing,
  onClose,
  onSaved,
}: {
  /** 'new', a system to edit, or null (closed). */
  editing: StandardSystem | 'new' | null;
  onClose: () => void;
  onSaved: (s: StandardSystem) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { createSystem, updateSystem } = useStandardActions();
  const year = new Date().getFullYear();
  const isNew = editing === 'new';
  const saving = createSystem.isPending || updateSystem.isPending;

  const submit = async (v: Values) => {
    const saved =
      editing === 'new'
        ? await createSystem.mutateAsync({ ...v, name: v.name.trim() })
        : editing
          ? await updateSystem.mutateAsync({
              id: editing.id,
              name: v.name.trim(),
              startYear: v.startYear,
              endYear: v.endYear,
            })
          : null;
    if (saved) onSaved(saved);
  };

  return (
    <FormDialog<Values>
      open={editing !== null}
      title={isNew ? T.createSystem : T.editSystem}
      form={form}
      pending={saving}
      onClose={onClose}
      onSubmit={submit}
      initialValues={
        editing && editing !== 'new'
          ? {
              name: editing.name,
              dimension: editing.dimension as Values['dimension'],
              startYear: editing.startYear,
              endYear: editing.endYear,
            }
          : { startYear: year, endYear: year + 2 }
      }
    >
      <Form.Item
        name="name"
        label={T.name}
        rules={[{ required: true, whitespace: true, message: STANDARD_MSG.nameRequired }]}
      >
        <Input maxLength={STANDARD_LIMITS.nameMax} autoFocus placeholder={T.systemNamePlaceholder} />
      </Form.Item>
      <Form.Item
        name="dimension"
        label={T.dimension}
        rules={[{ required: true, message: STANDARD_MSG.dimensionRequired }]}
      >
        <Select
          disabled={!isNew}
          placeholder={T.chooseSystemDimension}
          options={DIMENSIONS.map((d) => ({ value: d.code, label: d.name }))}
        />
      </Form.Item>
      <Space size="middle" wrap>
        <Form.Item name="startYear" label={T.startYear} rules={[{ required: true, message: T.startYearRequired }]}>
          <InputNumber min={1900} max={2200} precision={0} />
        </Form.Item>
        <Form.Item
          name="endYear"
          label={T.endYear}
          dependencies={['startYear']}
          rules={[
            { required: true, message: T.endYearRequired },
            ({ getFieldValue }) => ({
              validator: async (_, v) => {
                const start = getFieldValue('startYear');
                if (typeof v === 'number' && typeof start === 'number' && v < start)
                  throw new Error(STANDARD_MSG.yearsOrder);
              },
            }),
          ]}
        >
          <InputNumber min={1900} max={2200} precision={0} />
        </Form.Item>
      </Space>
    </FormDialog>
  );
}
