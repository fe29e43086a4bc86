import {
  LIMITS,
  PROGRESS_MSG,
  ROLE,
  PROGRESS_TEXT as T,
  WARNING_KIND,
  WARNING_PERIOD,
  type WarningKind,
  type WarningPeriod,
  type WarningType,
  WEEKDAY_LABEL,
  warningScheduleText,
} from '@zg/contract';
import {
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { hasRole, useLoginRecord } from '../../../session/login-record';
import {
  useBatchConfig,
  useConfigHistory,
  useDeleteWarningType,
  useRunWarnings,
  useSaveWarningType,
  useTaskSearch,
  useWarningTypes,
  type WarningTypeInput,
} from './warning.api';
import '../progress/progress.css';
import { ListTable } from '../../../components/ListTable';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const WEEKDAY_ORDER = [2, 3, 4, 5, 6, 7, 1];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_v, i) => from + i);

/**
 * 预警配置 (publishers and administrators): warning types, and the batch configuration of tasks with its history; an
 * administrator may also run the hourly warning evaluation now.
 */
export default function WarningConfigPage() {
  const admin = hasRole(useLoginRecord(), ROLE.admin);
  return (
    <Card variant="borderless" className="zg-warning-config">
      {/* Beside the tabs, not inside the tab list: a button there breaks its ARIA (axe: aria-required-children). */}
      {admin && (
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <RunWarningsButton />
        </div>
      )}
      <Tabs
        items={[
          { key: 'types', label: T.warningTypes, children: <WarningTypes /> },
          { key: 'batch', label: T.batchConfig, children: <BatchConfig /> },
        ]}
      />
    </Card>
  );
}

/** 立即执行预警: confirmed first, then a toast of what the evaluation did. */
function RunWarningsButton() {
  const { message } = App.useApp();
  const run = useRunWarnings();
  return (
    <Popconfirm
      title={T.evaluateNowConfirm}
      okText={T.confirm}
      cancelText={T.cancel}
      onConfirm={() =>
        run.mutateAsync().then(
          (done) => message.success(PROGRESS_MSG.evaluated(done)),
          (e) => toastFailure(message, e),
        )
      }
    >
      <Button loading={run.isPending}>{T.evaluateNow}</Button>
    </Popconfirm>
  );
}

function WarningTypes() {
  const { message } = App.useApp();
  const types = useWarningTypes();
  const remove = useDeleteWarningType();
  const [editing, setEditing] = useState<WarningType | 'new' | null>(null);
  return (
    <>
      <Space className="zg-warning-config__toolbar">
        <Button type="primary" onClick={() => setEditing('new')}>
          {T.addWarningType}
        </Button>
      </Space>
      <ListTable<WarningType>
        rowKey="id"
        size="middle"
        loading={types.isPending}
        rows={types.data}
        pager="local"
        empty={types.error?.message}
        columns={[
          { title: T.name, dataIndex: 'yjlxmc', width: 140 },
          { title: T.description, dataIndex: 'yjlxms', ellipsis: true },
          {
            title: T.kind,
            dataIndex: 'kind',
            width: 100,
            render: (k: WarningKind) =>
              k === 'final' ? <Tag color="red">{WARNING_KIND[k]}</Tag> : <Tag color="orange">{WARNING_KIND[k]}</Tag>,
          },
          { title: T.days, dataIndex: 'date', width: 70 },
          { title: T.yjzq, key: 'period', width: 140, render: (_v, t) => warningScheduleText(t) },
          { title: T.order, dataIndex: 'px', width: 70 },
          { title: T.updatedAt, dataIndex: 'gxsj', width: 140, render: time },
          {
            title: T.actions,
            key: 'actions',
            width: 130,
            render: (_v, t) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(t)}>
                  {T.edit}
                </Button>
                <Popconfirm
                  title={T.deleteConfirm}
                  okText={T.confirm}
                  cancelText={T.cancel}
                  onConfirm={() =>
                    remove.mutateAsync(t.id).then(
                      () => message.success(PROGRESS_MSG.deleted),
                      (e) => toastFailure(message, e),
                    )
                  }
                >
                  <Button type="link" size="small" danger>
                    {T.delete}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <WarningTypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function WarningTypeDialog({ type, onClose }: { type: WarningType | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<WarningTypeInput>();
  const period = Form.useWatch('yjzq', form) as WarningPeriod | undefined;
  const save = useSaveWarningType();
  const opt = (v: number | null) => (v === null ? undefined : v);
  return (
    <Modal
      open
      title={type ? T.editWarningType : T.addWarningType}
      onCancel={onClose}
      destroyOnHidden
      okText={T.confirm}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          type
            ? {
                yjlxmc: type.yjlxmc,
                yjlxms: type.yjlxms ?? undefined,
                kind: type.kind,
                date: type.date,
                yjzq: type.yjzq,
                weekday: opt(type.weekday),
                day: opt(type.day),
                months: type.months,
                hour: opt(type.hour),
                px: type.px,
              }
            : { kind: 'process', date: 7, yjzq: 'day', px: 0, months: [] }
        }
        onFinish={(v) =>
          void save
            .mutateAsync({ ...v, id: type?.id })
            .then(() => {
              message.success(type ? PROGRESS_MSG.updated : PROGRESS_MSG.added);
              onClose();
            })
            .catch((e) => toastFailure(message, e))
        }
      >
        <Form.Item name="yjlxmc" label={T.name} rules={[{ required: true, whitespace: true, message: T.input }]}>
          <Input maxLength={LIMITS.maxLength.default} placeholder={T.input} />
        </Form.Item>
        <Form.Item name="yjlxms" label={T.description}>
          <Input.TextArea rows={2} maxLength={LIMITS.maxLength.content} showCount placeholder={T.input} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="kind" label={T.kind} rules={[{ required: true }]}>
            <Select
              style={{ width: 140 }}
              options={(Object.keys(WARNING_KIND) as WarningKind[]).map((k) => ({ value: k, label: WARNING_KIND[k] }))}
            />
          </Form.Item>
          <Form.Item name="date" label={T.days} rules={[{ required: true }]}>
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="px" label={T.order}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="yjzq" label={T.yjzq} rules={[{ required: true }]}>
            <Select
              style={{ width: 120 }}
              options={(Object.keys(WARNING_PERIOD) as WarningPeriod[]).map((k) => ({
                value: k,
                label: WARNING_PERIOD[k],
              }))}
            />
          </Form.Item>
          {period === 'week' && (
            <Form.Item
              name="weekday"
              label={T.weekday}
              rules={[{ required: true, message: PROGRESS_MSG.weekdayRequired }]}
            >
              <Select
                style={{ width: 100 }}
                options={WEEKDAY_ORDER.map((d) => ({ value: d, label: WEEKDAY_LABEL[d] }))}
              />
            </Form.Item>
          )}
          {period === 'month' && (
            <Form.Item name="day" label={T.day} rules={[{ required: true, message: PROGRESS_MSG.dayRequired }]}>
              <Select style={{ width: 90 }} options={range(1, 31).map((d) => ({ value: d, label: d }))} />
            </Form.Item>
          )}
          {period === 'month' && (
            <Form.Item name="months" label={T.month} tooltip={T.monthsHint}>
              <Select
                mode="multiple"
                allowClear
                aria-label={T.month}
                placeholder={T.everyMonth}
                style={{ minWidth: 160 }}
                options={range(1, 12).map((d) => ({ value: d, label: `${d}月` }))}
              />
            </Form.Item>
          )}
          {period !== 'no' && (
            <Form.Item name="hour" label={T.hour}>
              <Select allowClear style={{ width: 110 }} options={range(0, 23).map((d) => ({ value: d, label: d }))} />
            </Form.Item>
          )}
        </Space>
      </Form>
    </Modal>
  );
}

function BatchConfig() {
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const tasks = useTaskSearch(search);
  const types = useWarningTypes();
  const save = useBatchConfig();
  const [taskIds, setTaskIds] = useState<number[]>([]);
  const [typeIds, setTypeIds] = useState<number[]>([]);
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const size = LIMITS.defaultPageSize;
  const history = useConfigHistory(page, size);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Form layout="vertical" className="zg-warning-config__batch">
        <Form.Item label={T.configTasks} required>
          <Select
            mode="multiple"
            aria-label={T.configTasks}
            placeholder={T.chooseTasks}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            value={taskIds}
            onChange={setTaskIds}
            loading={tasks.isFetching}
            options={(tasks.data?.records ?? []).map((t) => ({ value: t.id, label: `${t.rwmc}（${t.fbbm ?? ''}）` }))}
          />
        </Form.Item>
        <Form.Item label={T.configTypes} extra={T.configNoneMeansAll}>
          <Checkbox.Group
            value={typeIds}
            onChange={(v) => setTypeIds(v as number[])}
            options={(types.data ?? []).map((t) => ({ value: t.id, label: t.yjlxmc }))}
          />
        </Form.Item>
        <Button
          type="primary"
          disabled={taskIds.length === 0}
          loading={save.isPending}
          onClick={() =>
            save
              .mutateAsync({ taskIds, warningTypeIds: typeIds })
              .then(() => {
                message.success(PROGRESS_MSG.configSaved);
                setTaskIds([]);
                setTypeIds([]);
              })
              .catch((e) => toastFailure(message, e))
          }
        >
          {T.save}
        </Button>
      </Form>
      <div>
        <Typography.Title level={5}>{T.configHistory}</Typography.Title>
        <ListTable
          rowKey="id"
          size="small"
          loading={history.isPending}
          rows={history.data?.records}
          empty={history.error?.message}
          pager={{ current: page, total: history.data?.total ?? 0, pageSize: size, onChange: setPage }}
          columns={[
            { title: T.operatedAt, dataIndex: 'at', width: 150, render: time },
            { title: T.operator, dataIndex: 'actorName', width: 100 },
            {
              title: T.configTasks,
              key: 'tasks',
              render: (_v, h) =>
                `${h.taskNames.join('、')}${h.taskIds.length > h.taskNames.length ? ` … ${T.configTaskCount(h.taskIds.length)}` : ''}`,
            },
            {
              title: T.configTypes,
              key: 'types',
              render: (_v, h) => (h.warningTypeNames.length ? h.warningTypeNames.join('、') : T.allWarningTypes),
            },
          ]}
        />
      </div>
    </Space>
  );
}
