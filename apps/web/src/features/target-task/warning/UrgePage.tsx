import {
  LIMITS,
  PROGRESS_MSG,
  PROGRESS_TEXT as T,
  URGE_CURRENT_STATUS,
  URGE_TYPE,
  type Urge,
  type UrgeDepartment,
} from '@zg/contract';
import { App, Button, Card, Form, Input, Select, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { useLoginRecord } from '../../../session/login-record';
import { isPublisher, urgeable } from './counts';
import { UrgeSubject } from './UrgeSubject';
import { useAcceptUrge, useBatchUrge, useUrgeDepartments, useUrges, useYearTargetOptions } from './warning.api';
import '../progress/progress.css';
import { ListTable } from '../../../components/ListTable';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** 督办管理: publishers urge departments of a year target (one by one or in batch); heads accept what they received. */
export default function UrgePage() {
  const record = useLoginRecord();
  const publisher = record ? isPublisher(record.roleIdList) : false;
  const heads = (record?.newChargeDeparmentIdList.length ?? 0) > 0 || (record?.chargeDeparmentIdList.length ?? 0) > 0;
  const items = [
    ...(publisher ? [{ key: 'urge', label: T.urgeDepartments, children: <UrgeDepartments /> }] : []),
    ...(heads ? [{ key: 'received', label: T.receivedUrges, children: <UrgeList mine /> }] : []),
    ...(publisher ? [{ key: 'sent', label: T.sentUrges, children: <UrgeList mine={false} /> }] : []),
  ];
  return (
    <Card variant="borderless" className="zg-urge-page">
      {items.length ? <Tabs items={items} /> : <EmptyState />}
    </Card>
  );
}

function UrgeDepartments() {
  const { message } = App.useApp();
  const targets = useYearTargetOptions();
  const [chosen, setChosen] = useState<number | undefined>();
  const yearTargetId = chosen ?? targets.data?.[0]?.id;
  const departments = useUrgeDepartments(yearTargetId);
  const [selected, setSelected] = useState<string[]>([]);
  const [urging, setUrging] = useState<UrgeDepartment[] | null>(null);
  const [form] = Form.useForm<{ content?: string }>();
  const urge = useBatchUrge();
  const statusTag = (s: number) =>
    s === 0 ? <Tag color="success">{T.acted}</Tag> : <Tag color="orange">{URGE_CURRENT_STATUS[s as 1 | 2]}</Tag>;

  return (
    <>
      <Space wrap className="zg-urge-page__toolbar">
        <Select
          aria-label={T.yearTarget}
          style={{ width: 280 }}
          placeholder={T.selectYearTarget}
          value={yearTargetId}
          loading={targets.isPending}
          onChange={(v) => {
            setChosen(v);
            setSelected([]);
          }}
          options={(targets.data ?? []).map((t) => ({ value: t.id, label: `${t.cycleYear} ${t.name}` }))}
        />
        <Button
          type="primary"
          disabled={selected.length === 0}
          onClick={() => setUrging((departments.data ?? []).filter((d) => selected.includes(d.bmid)))}
        >
          {T.urgeSelected(selected.length)}
        </Button>
      </Space>
      <ListTable<UrgeDepartment>
        rowKey="bmid"
        size="middle"
        loading={departments.isPending && yearTargetId !== undefined}
        rows={departments.data}
        pager="local"
        empty={departments.error?.message ?? T.noUrgeDepartments}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (d) => ({ disabled: !urgeable(d) }),
        }}
        columns={[
          { title: T.departments, dataIndex: 'bmmc' },
          { title: T.owner, dataIndex: 'fzrmc', width: 100 },
          { title: T.taskCount, dataIndex: 'taskCount', width: 80 },
          { title: T.currentStatus, dataIndex: 'currentStatus', width: 120, render: statusTag },
          {
            title: T.urgeState,
            key: 'urged',
            width: 200,
            render: (_v, d) =>
              d.pendingUrgeId !== null ? (
                <Tag color="processing">{`${T.urged} ${time(d.lastUrgedAt)}`}</Tag>
              ) : d.lastUrgedAt ? (
                <Typography.Text type="secondary">{time(d.lastUrgedAt)}</Typography.Text>
              ) : (
                T.none
              ),
          },
          {
            title: T.actions,
            key: 'actions',
            width: 90,
            render: (_v, d) =>
              urgeable(d) && (
                <Button size="small" type="primary" onClick={() => setUrging([d])}>
                  {T.urge}
                </Button>
              ),
          },
        ]}
      />
      <FormDialog
        open={urging !== null}
        title={T.urgeTitle}
        form={form}
        pending={urge.isPending}
        onClose={() => setUrging(null)}
        onSubmit={async (v) => {
          if (!urging || yearTargetId === undefined) return;
          const bmids = urging.map((d) => d.bmid);
          const sent = await urge.mutateAsync({ yearTargetId, bmids, content: v.content?.trim() || undefined });
          message.success(PROGRESS_MSG.urgeSent(sent.ids.length));
          setSelected([]);
        }}
      >
        <Form.Item label={T.departments}>{urging?.map((d) => d.bmmc).join('、')}</Form.Item>
        <Form.Item name="content" label={T.urgeContent}>
          <Input.TextArea rows={3} maxLength={LIMITS.maxLength.audit} showCount placeholder={T.input} />
        </Form.Item>
      </FormDialog>
    </>
  );
}

/** Urges received by the user's departments (with 接收督办), or all urges sent (for publishers). */
export function UrgeList({ mine }: { mine: boolean }) {
  const { message } = App.useApp();
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const size = LIMITS.defaultPageSize;
  const list = useUrges({ mine, current: page, size });
  const accept = useAcceptUrge();
  return (
    <ListTable<Urge>
      rowKey="id"
      size="middle"
      loading={list.isPending}
      rows={list.data?.records}
      empty={list.error?.message}
      pager={{ current: page, total: list.data?.total ?? 0, pageSize: size, onChange: setPage }}
      columns={[
        { title: T.urgeContent, key: 'subject', render: (_v, u) => <UrgeSubject urge={u} /> },
        { title: T.departments, dataIndex: 'bmmc', width: 130 },
        { title: T.content, dataIndex: 'content', ellipsis: true },
        { title: T.urgedAt, dataIndex: 'urgedAt', width: 140, render: time },
        {
          title: T.urgeType,
          dataIndex: 'type',
          width: 90,
          render: (t: 0 | 1) => <Tag color={t === 0 ? 'processing' : 'success'}>{URGE_TYPE[t]}</Tag>,
        },
        { title: T.acceptedAt, dataIndex: 'acceptedAt', width: 140, render: time },
        ...(mine
          ? [
              {
                title: T.actions,
                key: 'actions',
                width: 110,
                render: (_v: unknown, u: Urge) =>
                  u.type === 0 && (
                    <Button
                      size="small"
                      type="primary"
                      loading={accept.isPending && accept.variables === u.id}
                      onClick={() =>
                        accept.mutateAsync(u.id).then(
                          () => message.success(PROGRESS_MSG.urgeAccepted),
                          (e) => toastFailure(message, e),
                        )
                      }
                    >
                      {T.accept}
                    </Button>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
