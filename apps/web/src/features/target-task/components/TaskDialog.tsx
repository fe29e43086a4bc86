import { LIMITS, MSG, maxChars, TASK_UI as T, TASK_QCP_UI, type TaskInput } from '@zg/contract';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { EnterSubmits } from '../../../components/EnterSubmits';
import { UserPicker } from '../../../components/pickers';
import { qcpIds } from '../qcp-logic';
import { type TaskCard, useCycleTypes, useSaveTask, useTaskTypes, useTaskVo } from '../target-task.api';
import { dateProblem } from '../task-logic';
import { DepartmentSelect } from './DepartmentSelect';
import { QcpSelect } from './QcpSelect';
import '../target-task.css';

export interface TaskDialogProps {
  open: boolean;
  onClose: () => void;
  yearTargetId: number;
  /** Editing this task (its full view is loaded). */
  taskId?: number;
  /** Adding a child of this task (分解子任务). */
  parent?: Pick<TaskCard, 'id' | 'rwmc' | 'rwlx' | 'kssj' | 'jssj' | 'fbbm' | 'departmentId'> | null;
}

interface Values {
  rwmc: string;
  rwlx: TaskInput['rwlx'];
  departmentId?: string;
  ownerId?: string;
  coopDepartmentIds: string[];
  auditorId?: string;
  kssj: Dayjs;
  jssj: Dayjs;
  cycleTypeId?: number;
  cycleValueIds: number[];
  weight: number;
  mission?: string;
  /** 服务的质控点: the tree's values (node ids as strings). */
  standardNodeIds: string[];
}

const day = (d: Dayjs | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** A date field where Enter confirms the typed date without submitting the form (the form's Enter is elsewhere). */
function DateField(props: { value?: Dayjs; onChange?: (d: Dayjs | null) => void; 'aria-label': string }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops Enter from bubbling into the form's submit
    <span
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
    >
      <DatePicker style={{ width: '100%' }} {...props} />
    </span>
  );
}

/**
 * 新增 / 编辑任务 and 分解子任务: name, type, responsible department (a child keeps its parent's), owner, cooperating
 * departments, auditor, start and end (end not before start, a child inside its parent's dates), cycle type and
 * values, weight and mission statement.
 */
export function TaskDialog({ open, onClose, yearTargetId, taskId, parent }: TaskDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const vo = useTaskVo(open ? taskId : undefined);
  const types = useTaskTypes();
  const cycles = useCycleTypes(open);
  const save = useSaveTask();
  const cycleTypeId = Form.useWatch('cycleTypeId', form);
  const editing = taskId !== undefined;
  const isChild = Boolean(parent) || (vo.data?.parentId ?? null) !== null;
  const parentDates = parent ? { kssj: parent.kssj, jssj: parent.jssj } : null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const t = vo.data;
    if (editing && t) {
      form.setFieldsValue({
        rwmc: t.rwmc,
        rwlx: t.rwlx as Values['rwlx'],
        departmentId: t.departmentId ?? undefined,
        ownerId: t.ownerId ?? undefined,
        coopDepartmentIds: t.coopDepartments.map((d) => d.bmid),
        auditorId: t.auditorId ?? undefined,
        kssj: dayjs(t.kssj),
        jssj: dayjs(t.jssj),
        cycleTypeId: t.cycleTypeId ?? undefined,
        cycleValueIds: t.cycleValueIds,
        weight: t.weight,
        mission: t.mission ?? undefined,
        standardNodeIds: t.standardNodes.map((q) => String(q.id)),
      });
    } else if (!editing) {
      form.setFieldsValue({
        rwlx: 'C',
        weight: 0,
        coopDepartmentIds: [],
        cycleValueIds: [],
        standardNodeIds: [],
        ...(parent ? { kssj: dayjs(parent.kssj), jssj: dayjs(parent.jssj), rwlx: parent.rwlx as Values['rwlx'] } : {}),
      });
    }
  }, [open, editing, vo.data, parent, form]);

  const submit = async (v: Values) => {
    const input: TaskInput = {
      yearTargetId,
      parentId: parent?.id ?? vo.data?.parentId ?? undefined,
      rwmc: v.rwmc.trim(),
      rwlx: v.rwlx,
      departmentId: isChild ? undefined : v.departmentId,
      ownerId: v.ownerId || undefined,
      coopDepartmentIds: v.coopDepartmentIds ?? [],
      auditorId: v.auditorId || undefined,
      kssj: day(v.kssj) ?? '',
      jssj: day(v.jssj) ?? '',
      cycleTypeId: v.cycleTypeId,
      cycleValueIds: v.cycleTypeId ? (v.cycleValueIds ?? []) : [],
      weight: v.weight ?? 0,
      mission: v.mission?.trim() || undefined,
      standardNodeIds: qcpIds(v.standardNodeIds),
    };
    await save.mutateAsync(editing && vo.data ? { ...input, id: vo.data.id, version: vo.data.version } : input);
    message.success(editing ? T.updated : T.created);
    onClose();
  };

  const cycleValues = cycles.data?.find((c) => c.id === cycleTypeId)?.values ?? [];
  const title = editing ? T.editTask : parent ? `${T.addChild}：${parent.rwmc}` : T.addTask;
  const known = vo.data;

  return (
    <Modal
      open={open}
      title={title}
      width={720}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={T.save}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      {editing && vo.isLoading ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" className="zg-task-form" onFinish={(v) => submit(v).catch(() => undefined)}>
          <Form.Item
            name="rwmc"
            label={T.rwmcLabel}
            rules={[
              { required: true, whitespace: true, message: MSG.required },
              { max: LIMITS.maxLength.longName, message: maxChars(LIMITS.maxLength.longName) },
            ]}
          >
            <Input maxLength={LIMITS.maxLength.longName} placeholder={MSG.pleaseInput} autoFocus />
          </Form.Item>
          <div className="zg-task-form__row">
            <Form.Item name="rwlx" label={T.rwlx} rules={[{ required: true, message: MSG.pleaseSelect }]}>
              <Select
                aria-label={T.rwlx}
                options={(types.data ?? []).map((t) => ({ value: t.code, label: `${t.code} ${t.rwlxmc}` }))}
              />
            </Form.Item>
            {isChild ? (
              <Form.Item label={T.departmentLabel} tooltip={T.inheritsDepartment}>
                <Input value={parent?.fbbm ?? known?.fbbm ?? ''} disabled aria-label={T.departmentLabel} />
              </Form.Item>
            ) : (
              <Form.Item
                name="departmentId"
                label={T.departmentLabel}
                rules={[{ required: true, message: MSG.pleaseSelect }]}
              >
                <DepartmentSelect aria-label={T.departmentLabel} />
              </Form.Item>
            )}
          </div>
          <div className="zg-task-form__row">
            <Form.Item
              name="ownerId"
              label={T.ownerLabel}
              rules={isChild ? [{ required: true, message: MSG.pleaseSelect }] : []}
            >
              <UserPicker
                aria-label={T.ownerLabel}
                users={known?.ownerId ? [{ userId: known.ownerId, userName: known.fzrmc ?? '' }] : []}
              />
            </Form.Item>
            <Form.Item name="auditorId" label={T.auditorLabel}>
              <UserPicker
                aria-label={T.auditorLabel}
                users={known?.auditorId ? [{ userId: known.auditorId, userName: known.jkrmc ?? '' }] : []}
              />
            </Form.Item>
          </div>
          <Form.Item name="coopDepartmentIds" label={T.coopDepartments}>
            <DepartmentSelect mode="multiple" aria-label={T.coopDepartments} />
          </Form.Item>
          <div className="zg-task-form__row">
            <Form.Item name="kssj" label={T.kssj} rules={[{ required: true, message: MSG.pleaseSelect }]}>
              <DateField aria-label={T.kssj} />
            </Form.Item>
            <Form.Item
              name="jssj"
              label={T.jssj}
              dependencies={['kssj']}
              rules={[
                { required: true, message: MSG.pleaseSelect },
                ({ getFieldValue }) => ({
                  validator: (_rule, value: Dayjs | undefined) => {
                    const problem = dateProblem(day(getFieldValue('kssj')), day(value), parentDates);
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                }),
              ]}
            >
              <DateField aria-label={T.jssj} />
            </Form.Item>
          </div>
          <div className="zg-task-form__row">
            <Form.Item name="cycleTypeId" label={T.cycleTypeLabel}>
              <Select
                aria-label={T.cycleTypeLabel}
                allowClear
                placeholder={MSG.pleaseSelect}
                onChange={() => form.setFieldValue('cycleValueIds', [])}
                options={(cycles.data ?? []).map((c) => ({ value: c.id, label: c.lxmc }))}
              />
            </Form.Item>
            <Form.Item name="cycleValueIds" label={T.cycleValuesLabel}>
              <Select
                mode="multiple"
                aria-label={T.cycleValuesLabel}
                disabled={!cycleTypeId}
                placeholder={MSG.pleaseSelect}
                options={cycleValues.map((v) => ({ value: v.cycleId, label: v.cycleNumber }))}
              />
            </Form.Item>
          </div>
          <Form.Item name="standardNodeIds" label={TASK_QCP_UI.label} tooltip={TASK_QCP_UI.tooltip}>
            <QcpSelect open={open} />
          </Form.Item>
          <Form.Item name="weight" label={T.weight}>
            <InputNumber min={0} max={100} precision={2} style={{ width: 160 }} aria-label={T.weight} />
          </Form.Item>
          <Form.Item
            name="mission"
            label={T.missionLabel}
            rules={[{ max: LIMITS.maxLength.longContent, message: maxChars(LIMITS.maxLength.longContent) }]}
          >
            <Input.TextArea rows={3} maxLength={LIMITS.maxLength.longContent} placeholder={MSG.pleaseInput} />
          </Form.Item>
          <EnterSubmits />
        </Form>
      )}
    </Modal>
  );
}
