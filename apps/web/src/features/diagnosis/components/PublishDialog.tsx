import { DIAGNOSIS_LIMITS, DIAGNOSIS_MSG as M, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Col, DatePicker, Form, type FormItemProps, Input, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { UserPicker } from '../../../components/pickers';
import { useDebouncedValue } from '../../../components/pickers/use-debounced-value';
import {
  useCycleTypes,
  useDepartments,
  useDiagnosisActions,
  useDimensionObjects,
  usePublishedStandards,
} from '../diagnosis.api';

const DAY = 'YYYY-MM-DD';

interface Values {
  rwmc: string;
  bzid: number;
  cycleTypeId?: number;
  zqid: number;
  kssj: string;
  jssj: string;
  fbbm?: string;
  jkrid?: string;
  shrid: string;
  scope: 'all' | 'some';
  dxbms?: string[];
}

/** A date field: the form holds its YYYY-MM-DD string, the picker shows it as a day. */
function DateItem(props: FormItemProps) {
  return (
    <Form.Item
      {...props}
      rules={[{ required: true, message: T.dateRequired }, ...(props.rules ?? [])]}
      getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : undefined })}
      normalize={(d: Dayjs | null) => (d ? d.format(DAY) : undefined)}
    >
      <DatePicker style={{ width: '100%' }} />
    </Form.Item>
  );
}

/**
 * 发布诊改任务: a published standard, its cycle and dates, the monitor and auditor, and its objects — all objects of
 * the standard's dimension unless some are chosen. The server checks everything again (a draft standard, an unknown
 * object, an object without a default person in charge) and says so in Chinese; the dialog keeps what was typed.
 */
export function PublishDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const actions = useDiagnosisActions();
  const standards = usePublishedStandards(open);
  const cycles = useCycleTypes(open);
  const departments = useDepartments(open);
  const bzid = Form.useWatch('bzid', form);
  const cycleTypeId = Form.useWatch('cycleTypeId', form);
  const scope = Form.useWatch('scope', form);
  const [term, setTerm] = useState('');
  const keyword = useDebouncedValue(term, 300);
  const dimension = standards.data?.records.find((s) => s.id === bzid)?.dimension;
  const objects = useDimensionObjects(scope === 'some' ? dimension : undefined, keyword.trim());
  const cycleValues = cycles.data?.find((t) => t.id === cycleTypeId)?.values ?? [];

  const submit = (v: Values) =>
    actions.publish.mutateAsync({
      rwmc: v.rwmc,
      bzid: v.bzid,
      zqid: v.zqid,
      kssj: v.kssj,
      jssj: v.jssj,
      fbbm: v.fbbm || undefined,
      jkrid: v.jkrid || undefined,
      shrid: v.shrid,
      dxbms: v.scope === 'some' ? v.dxbms : undefined,
    });

  return (
    <FormDialog<Values>
      open={open}
      title={T.publishTitle}
      form={form}
      width={720}
      pending={actions.publish.isPending}
      onClose={onClose}
      onSubmit={submit}
      success={T.published}
      initialValues={{ scope: 'all' }}
    >
      <Form.Item name="rwmc" label={T.taskName} rules={[{ required: true, whitespace: true, message: M.nameRequired }]}>
        <Input maxLength={DIAGNOSIS_LIMITS.nameMax} />
      </Form.Item>
      <Form.Item name="bzid" label={T.publishStandard} rules={[{ required: true, message: T.publishStandardRequired }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={standards.isLoading}
          onChange={() => form.setFieldValue('dxbms', [])}
          options={(standards.data?.records ?? []).map((s) => ({
            value: s.id,
            label: T.standardVersion(s.name, s.version),
          }))}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="cycleTypeId" label={T.publishCycleType}>
            <Select
              loading={cycles.isLoading}
              onChange={() => form.setFieldValue('zqid', undefined)}
              options={(cycles.data ?? []).map((t) => ({ value: t.id, label: t.lxmc }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="zqid" label={T.publishCycle} rules={[{ required: true, message: T.publishCycleRequired }]}>
            <Select
              disabled={cycleTypeId === undefined}
              options={cycleValues.map((c) => ({ value: c.cycleId, label: c.cycleNumber }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <DateItem name="kssj" label={T.publishStart} />
        </Col>
        <Col span={12}>
          <DateItem
            name="jssj"
            label={T.publishEnd}
            dependencies={['kssj']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v?: string) => {
                  const start = getFieldValue('kssj') as string | undefined;
                  return v && start && v < start ? Promise.reject(new Error(M.endBeforeStart)) : Promise.resolve();
                },
              }),
            ]}
          />
        </Col>
        <Col span={12}>
          <Form.Item name="jkrid" label={T.monitor}>
            <UserPicker aria-label={T.monitor} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="shrid" label={T.auditor} rules={[{ required: true, message: T.publishAuditorRequired }]}>
            <UserPicker aria-label={T.auditor} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="fbbm" label={T.publishDepartment}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={T.publishDepartmentPick}
          loading={departments.isLoading}
          options={(departments.data ?? []).map((d) => ({ value: d.departmentId, label: d.departmentName }))}
        />
      </Form.Item>
      <Form.Item name="scope" label={T.publishObjects} extra={T.publishObjectsNote}>
        <Radio.Group
          options={[
            { value: 'all', label: T.publishAllObjects },
            { value: 'some', label: T.publishSomeObjects },
          ]}
        />
      </Form.Item>
      {scope === 'some' && (
        <Form.Item name="dxbms" rules={[{ required: true, message: M.objectsRequired }]}>
          <Select
            mode="multiple"
            aria-label={T.publishObjectsPick}
            placeholder={T.publishObjectsPick}
            disabled={!dimension}
            showSearch={{ onSearch: setTerm, filterOption: false }}
            loading={objects.isFetching}
            options={(objects.data ?? []).map((o) => ({ value: o.dxbm, label: `${o.dxbm} ${o.dxmc}` }))}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
