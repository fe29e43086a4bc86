import { COLLECTION_TEXT as C, COLLECTION_LIMITS, COLLECTION_MSG as M } from '@zg/contract';
import { Col, DatePicker, Form, type FormItemProps, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { UserListItem } from '../../../api/user';
import { FormDialog } from '../../../components/FormDialog';
import { ListTable } from '../../../components/ListTable';
import { UserPicker, userLabel } from '../../../components/pickers';
import type { CollectionTask } from '../collection.logic';
import { useCreateTask, useCycleTypes, useDepartments, useForms, useUpdateTask } from '../data-collection.api';
import { assigneesProblem, deadlineProblem, type TaskFormValues, taskBody } from '../task.logic';

const DAY = 'YYYY-MM-DD';
/** Today as the dialogs and the list compare dates (YYYY-MM-DD). */
export const today = () => dayjs().format(DAY);
/** A date field: the form holds its YYYY-MM-DD string, the picker shows it as a day. */
function DateItem(props: FormItemProps) {
  return (
    <Form.Item
      {...props}
      getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : undefined })}
      normalize={(d: Dayjs | null) => (d ? d.format(DAY) : undefined)}
    >
      <DatePicker style={{ width: '100%' }} />
    </Form.Item>
  );
}
const dateRequired = { required: true, message: C.dateRequired };

/** The task's name, the same field when it is started and when it is edited. */
function TaskNameItem() {
  return (
    <Form.Item
      name="name"
      label={C.taskName}
      rules={[{ required: true, whitespace: true, message: C.taskNameRequired }]}
    >
      <Input maxLength={COLLECTION_LIMITS.nameMax} />
    </Form.Item>
  );
}

// ---- 发起采集任务 ----

export function TaskDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<TaskFormValues & { cycleTypeId?: number }>();
  const forms = useForms({});
  const cycles = useCycleTypes();
  const departments = useDepartments();
  const create = useCreateTask();
  const [known, setKnown] = useState<Map<string, UserListItem>>(new Map());
  const cycleTypeId = Form.useWatch('cycleTypeId', form);
  const departmentIds = Form.useWatch('departmentIds', form) ?? [];
  const userIds = Form.useWatch('userIds', form) ?? [];

  const published = (forms.data ?? []).filter((f) => f.version > 0);
  const cycleValues = cycles.data?.find((t) => t.id === cycleTypeId)?.values ?? [];
  const departmentName = (id: string) => departments.data?.find((d) => d.departmentId === id)?.departmentName ?? id;
  const remember = (users: readonly UserListItem[]) =>
    setKnown((m) => {
      const next = new Map(m);
      for (const u of users) next.set(u.userId, u);
      return next;
    });
  const assignees = [
    ...departmentIds.map((id) => ({ id, name: departmentName(id), kind: C.departments })),
    ...userIds.map((id) => {
      const u = known.get(id);
      return { id, name: u ? userLabel(u) : id, kind: C.users };
    }),
  ];

  return (
    <FormDialog<TaskFormValues & { cycleTypeId?: number }>
      open
      title={C.addTask}
      width={720}
      form={form}
      pending={create.isPending}
      success={M.created}
      onClose={onClose}
      initialValues={{
        name: '',
        startDate: today(),
        deadline: dayjs().add(14, 'day').format(DAY),
        departmentIds: [],
        userIds: [],
        auditorOf: {},
      }}
      onSubmit={(v) =>
        create.mutateAsync(
          taskBody({
            ...v,
            departmentIds: v.departmentIds ?? [],
            userIds: v.userIds ?? [],
            auditorOf: v.auditorOf ?? {},
          }),
        )
      }
    >
      <TaskNameItem />
      <Form.Item
        name="formId"
        label={C.form}
        extra={C.formPublishedOnly}
        rules={[{ required: true, message: C.formRequired }]}
      >
        <Select
          loading={forms.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={published.map((f) => ({ value: f.id, label: C.withVersion(f.name, f.version) }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="cycleTypeId" label={C.cycleType}>
            <Select
              loading={cycles.isLoading}
              options={(cycles.data ?? []).map((t) => ({ value: t.id, label: t.lxmc }))}
              onChange={() => form.setFieldValue('cycle', undefined)}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="cycle" label={C.cycle} rules={[{ required: true, message: C.cycleRequired }]}>
            <Select
              disabled={cycleTypeId === undefined}
              options={cycleValues.map((c) => ({ value: c.cycleNumber, label: c.cycleNumber }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <DateItem name="startDate" label={C.startDate} rules={[dateRequired]} />
        </Col>
        <Col span={12}>
          <DateItem name="deadline" label={C.deadline} rules={[dateRequired]} />
        </Col>
      </Row>
      <Form.Item
        name="departmentIds"
        label={C.departments}
        dependencies={['userIds']}
        rules={[
          ({ getFieldValue }) => ({ validator: (_r, v) => check(assigneesProblem(v, getFieldValue('userIds'))) }),
        ]}
      >
        <Select
          mode="multiple"
          allowClear
          loading={departments.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(departments.data ?? []).map((d) => ({ value: d.departmentId, label: d.departmentName }))}
        />
      </Form.Item>
      <Form.Item name="userIds" label={C.users}>
        <UserPicker multiple aria-label={C.users} onChange={(_ids, users) => remember(users)} />
      </Form.Item>
      <Form.Item name="auditorId" label={C.auditor} rules={[{ required: true, message: C.auditorRequired }]}>
        <UserPicker aria-label={C.auditor} onChange={(_id, user) => user && remember([user])} />
      </Form.Item>
      {assignees.length > 0 && (
        <Form.Item label={C.auditorOf} extra={C.auditorOfHint}>
          <ListTable
            rowKey="id"
            size="small"
            pager={false}
            rows={assignees}
            columns={[
              { title: C.assignee, dataIndex: 'name', ellipsis: true },
              { title: '', dataIndex: 'kind', width: 90 },
              {
                title: C.auditor,
                key: 'auditor',
                width: 240,
                render: (_v, a) => (
                  <Form.Item name={['auditorOf', a.id]} noStyle>
                    <UserPicker aria-label={C.auditorFor(a.name)} placeholder={C.useDefaultAuditor} />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** A validator's answer from a problem text (null: fine). */
const check = (problem: string | null) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());

export function EditTaskDialog({ task, onClose }: { task: CollectionTask; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; deadline: string }>();
  const update = useUpdateTask();
  return (
    <FormDialog<{ name: string; deadline: string }>
      open
      title={C.editTask}
      form={form}
      pending={update.isPending}
      success={M.saved}
      onClose={onClose}
      initialValues={{ name: task.name, deadline: task.deadline }}
      onSubmit={(v) => update.mutateAsync({ id: task.id, name: v.name.trim(), deadline: v.deadline })}
    >
      <TaskNameItem />
      <DateItem
        name="deadline"
        label={C.deadline}
        extra={`${C.startDate}：${task.startDate}`}
        rules={[dateRequired, { validator: (_r, v) => check(deadlineProblem(task.startDate, v)) }]}
      />
    </FormDialog>
  );
}
