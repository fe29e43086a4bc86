import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { STANDARD_TEXT as T } from '@zg/contract';
import { Alert, Button, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import {
  BINARY_CHOICES,
  CYCLE_NAMES,
  DIRECTION_NAMES,
  type Direction,
  formToGrade,
  formToWarning,
  GRADES,
  type GradeForm,
  type GradeRule,
  gradeKindOf,
  gradeToForm,
  KIND_NAMES,
  type NodeKind,
  OPERATOR_NAMES,
  standardValueProblem,
  VALUE_TYPE_NAMES,
  type ValueType,
  WARNING_MODE_NAMES,
  type WarningForm,
  type WarningRule,
  warningToForm,
} from '../standard.logic';

/** What the form edits of a QCP or an indicator (a dimension node: name and nh only). */
export interface NodeValues {
  name: string;
  nh: string;
  zdbz: string;
  bzz: string;
  /** Empty for a grouping node (a QCP or indicator whose children carry the values). */
  zlx: ValueType | null;
  fsdl: boolean;
  /** An algorithm version id, or null: 手工填报. */
  calRule: number | null;
  /** A detail algorithm's version id (the QCP panel's 明细数据), or null: none. */
  detailRule: number | null;
  direction: Direction | null;
  gradeRule: GradeRule | null;
  warningRule: WarningRule | null;
}

type FormValues = Omit<NodeValues, 'gradeRule' | 'warningRule' | 'calRule' | 'detailRule'> &
  GradeForm &
  WarningForm & { calRule: number | 'manual'; detailRule?: number | null };

const MANUAL = 'manual';

const options = <K extends string>(names: Record<K, string>) =>
  (Object.entries(names) as [K, string][]).map(([value, label]) => ({ value, label }));

type RuleGroups = { label: string; title: string; options: { value: number; label: string }[] }[];

export interface NodeFormProps {
  kind: NodeKind;
  initial: NodeValues;
  /** Without the right to edit, every input is disabled and there is no 保存. */
  readOnly: boolean;
  /** The value algorithms' versions a QCP may be computed by, by algorithm group. */
  calRuleOptions: RuleGroups;
  /** The detail algorithms' versions whose rows the QCP panel's 明细数据 lists, by algorithm group. */
  detailRuleOptions?: RuleGroups;
  saving: boolean;
  onSave: (values: NodeValues) => void;
}

/**
 * The form of a catalogue node: 名称 and 内涵 for a 诊断维度; for a QCP or indicator also 诊断标准, 标准值 (its input
 * fits the 值类型), 是否定量, 计算规则, 详情算法, 方向, 等级规则 and 预警规则.
 */
export function NodeForm({
  kind,
  initial,
  readOnly,
  calRuleOptions,
  detailRuleOptions = [],
  saving,
  onSave,
}: NodeFormProps) {
  const [form] = Form.useForm<FormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const watchedZlx = Form.useWatch('zlx', form) as ValueType | null | undefined;
  const zlx = watchedZlx === undefined ? initial.zlx : watchedZlx;
  const gradeKind = gradeKindOf(zlx);
  const warningMode = Form.useWatch('warningMode', form);
  const levels = Form.useWatch('levels', form) as GradeForm['levels'];
  const dimension = kind === 'dimension';

  const submit = (shown: FormValues) => {
    // Fields shown only for some choices (the warning's, the levels) keep their values in the store while hidden:
    // the rules read the whole store, the choices decide which parts count.
    const v: FormValues = { ...form.getFieldsValue(true), ...shown };
    setProblem(null);
    if (dimension) {
      onSave({ ...initial, name: v.name.trim(), nh: v.nh ?? '' });
      return;
    }
    const grade = formToGrade(v, v.zlx, v.direction);
    if ('error' in grade) return setProblem(grade.error);
    const warning = formToWarning(v);
    if ('error' in warning) return setProblem(warning.error);
    onSave({
      name: v.name.trim(),
      nh: v.nh ?? '',
      zdbz: v.zdbz ?? '',
      bzz: String(v.bzz ?? '').trim(),
      zlx: v.zlx ?? null,
      fsdl: v.fsdl,
      calRule: v.calRule === MANUAL ? null : v.calRule,
      detailRule: v.detailRule ?? null,
      direction: v.direction ?? null,
      gradeRule: grade.rule,
      warningRule: warning.rule,
    });
  };

  return (
    <Form<FormValues>
      name="standard-node"
      form={form}
      layout="vertical"
      disabled={readOnly}
      initialValues={initialFormValues(initial)}
      onFinish={submit}
      aria-label={T.nodeForm(KIND_NAMES[kind])}
      className="zg-standard-node-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={dimension ? 24 : 12}>
          <Form.Item
            name="name"
            label={T.name}
            rules={[{ required: true, whitespace: true, message: T.nodeNameRequired(KIND_NAMES[kind]) }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        {!dimension && (
          <Col xs={24} md={12}>
            <Form.Item name="calRule" label={T.calRule}>
              <Select
                showSearch
                optionFilterProp="label"
                options={[{ value: MANUAL, label: T.manual }, ...calRuleOptions]}
              />
            </Form.Item>
          </Col>
        )}
        {!dimension && (
          <Col xs={24} md={12}>
            <Form.Item name="detailRule" label={T.detailRule}>
              <Select
                showSearch
                allowClear
                placeholder={T.noDetailRule}
                optionFilterProp="label"
                options={detailRuleOptions}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item name="nh" label={T.nh}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      </Form.Item>
      {!dimension && (
        <>
          <Form.Item name="zdbz" label={T.zdbz}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item name="zlx" label={T.zlx}>
                <Select
                  allowClear
                  placeholder={T.noValueType}
                  options={options(VALUE_TYPE_NAMES)}
                  onChange={() => form.setFieldValue('bzz', '')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="bzz"
                label={T.bzz}
                dependencies={['zlx', 'levels']}
                rules={[
                  {
                    validator: async (_, value) => {
                      const p = standardValueProblem(
                        value === undefined || value === null ? '' : String(value),
                        form.getFieldValue('zlx'),
                        form.getFieldValue('levels') ?? [],
                      );
                      if (p) throw new Error(p);
                    },
                  },
                ]}
              >
                <StandardValueInput zlx={zlx} levels={levels ?? []} />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name="fsdl" label={T.fsdl} valuePropName="checked">
                <Switch checkedChildren={T.quantitative} unCheckedChildren={T.qualitative} />
              </Form.Item>
            </Col>
            <Col xs={12} md={7}>
              <Form.Item name="direction" label={T.direction}>
                <Select allowClear placeholder={T.anyDirection} options={options(DIRECTION_NAMES)} />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            {T.gradeRule}
          </Divider>
          {gradeKind === null ? (
            <p className="zg-muted">{zlx ? T.noGradeForBinary : T.chooseTypeForGrade}</p>
          ) : gradeKind === 'levels' ? (
            <Form.List name="levels">
              {(fields, { add, remove }) => (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {fields.map((f, i) => (
                    <Space key={f.key} align="baseline" wrap>
                      <Form.Item name={[f.name, 'value']} noStyle>
                        <Input aria-label={T.levelValue(i + 1)} placeholder={T.levelValuePlaceholder} maxLength={40} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'dxLevel']} noStyle>
                        <Select
                          aria-label={T.levelGrade(i + 1)}
                          placeholder={T.gradePlaceholder}
                          style={{ width: 100 }}
                          options={GRADES.map((g) => ({ value: g, label: T.gradeOption(g) }))}
                        />
                      </Form.Item>
                      {!readOnly && (
                        <Button
                          type="text"
                          aria-label={T.removeLevel(i + 1)}
                          icon={<MinusCircleOutlined />}
                          onClick={() => remove(f.name)}
                        />
                      )}
                    </Space>
                  ))}
                  {!readOnly && (
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: '', dxLevel: 'A' })}>
                      {T.addLevel}
                    </Button>
                  )}
                </Space>
              )}
            </Form.List>
          ) : (
            <Space wrap align="baseline">
              {(['gradeA', 'gradeB', 'gradeC'] as const).map((name, i) => (
                <Form.Item key={name} name={name} label={T.threshold(GRADES[i] ?? '')}>
                  <InputNumber aria-label={T.threshold(GRADES[i] ?? '')} style={{ width: 140 }} />
                </Form.Item>
              ))}
              <span className="zg-muted">{T.belowC}</span>
            </Space>
          )}
          <Divider titlePlacement="start" plain>
            {T.warningRule}
          </Divider>
          <Form.Item name="warningMode" label={T.warningMode}>
            <Radio.Group
              options={[{ value: 'off', label: T.noWarning }, ...options(WARNING_MODE_NAMES)]}
              optionType="button"
            />
          </Form.Item>
          {warningMode && warningMode !== 'off' && (
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="warningOperator" label={T.warningOperator}>
                  <Select options={options(OPERATOR_NAMES)} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                {warningMode === 'value' ? (
                  <Form.Item name="warningValue" label={T.warningValue}>
                    <InputNumber style={{ width: '100%' }} />
                  </Form.Item>
                ) : (
                  <Form.Item name="warningGrade" label={T.warningGrade}>
                    <Select options={GRADES.map((g) => ({ value: g, label: T.warningGradeOption(g) }))} />
                  </Form.Item>
                )}
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="warningCycle" label={T.warningCycle}>
                  <Select options={options(CYCLE_NAMES)} />
                </Form.Item>
              </Col>
            </Row>
          )}
        </>
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {T.save}
        </Button>
      )}
    </Form>
  );
}

function initialFormValues(v: NodeValues): FormValues {
  const grade = v.gradeRule;
  return {
    name: v.name,
    nh: v.nh,
    zdbz: v.zdbz,
    bzz: v.bzz,
    zlx: v.zlx,
    fsdl: v.fsdl,
    direction: v.direction,
    calRule: v.calRule ?? MANUAL,
    detailRule: v.detailRule ?? undefined,
    ...gradeToForm(grade),
    ...warningToForm(v.warningRule),
  };
}

/** 标准值's input, fitting the value type: 无/有, 否/是, a number with %, a number, or one of the levels. */
function StandardValueInput({
  zlx,
  levels,
  value,
  onChange,
  disabled,
  id,
}: {
  zlx: ValueType | null;
  levels: NonNullable<GradeForm['levels']>;
  value?: string;
  onChange?: (v: string | undefined) => void;
  disabled?: boolean;
  id?: string;
}) {
  if (!zlx) return <Input id={id} disabled value="" placeholder={T.groupNoValue} />;
  const binary = BINARY_CHOICES[zlx];
  if (binary)
    return (
      <Radio.Group
        id={id}
        disabled={disabled}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        options={binary}
        aria-label={T.bzz}
      />
    );
  if (zlx === 'levels')
    return (
      <Select
        id={id}
        disabled={disabled}
        value={value || undefined}
        onChange={onChange}
        placeholder={T.chooseLevel}
        options={levels.filter((l) => l.value?.trim()).map((l) => ({ value: l.value!.trim(), label: l.value!.trim() }))}
      />
    );
  return (
    <InputNumber<string>
      id={id}
      disabled={disabled}
      stringMode
      style={{ width: '100%' }}
      value={value === '' ? null : value}
      onChange={(v) => onChange?.(v === null ? '' : String(v))}
      suffix={zlx === 'percent' ? '%' : undefined}
    />
  );
}
