import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SYSTEM_ADMIN_API as API,
  AUDIT_ENTITY_NAMES,
  type AuditEntry,
  auditActionName,
  SYSTEM_TEXT as T,
} from '@zg/contract';
import { Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call, downloadFrom } from '../../api/endpoint';
import { ListTable } from '../../components/ListTable';

type Filter = { actorId?: string; entityType?: string; action?: string; from?: string; to?: string };

/** 操作日志: who did what to which record and when, filtered, paged by key (上一页 / 下一页), exported to Excel. */
export function AuditPanel() {
  const [filter, setFilter] = useState<Filter>({});
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const page = useQuery({
    queryKey: ['system', 'audit', filter, before],
    queryFn: ({ signal }) => call(API.auditLog, { query: { ...filter, before, pageSize: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });
  const options = useQuery({
    queryKey: ['system', 'auditOptions'],
    queryFn: ({ signal }) => call(API.auditOptions, {}, { signal }),
  });
  const day = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form
        layout="inline"
        onFinish={(v: { actorId?: string; entityType?: string; action?: string; from?: Dayjs; to?: Dayjs }) => {
          const next: Filter = {
            actorId: v.actorId?.trim() || undefined,
            entityType: v.entityType,
            action: v.action,
            from: day(v.from),
            to: day(v.to),
          };
          setFilter(Object.fromEntries(Object.entries(next).filter(([, x]) => x)) as Filter);
          setCursors([undefined]);
        }}
      >
        <Form.Item name="actorId">
          <Input placeholder="操作人工号" aria-label="操作人工号" allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="entityType">
          <Select
            placeholder={T.module}
            aria-label={T.module}
            allowClear
            style={{ width: 140 }}
            options={(options.data?.entityTypes ?? []).map((t) => ({ value: t, label: AUDIT_ENTITY_NAMES[t] ?? t }))}
          />
        </Form.Item>
        <Form.Item name="action">
          <Select
            placeholder={T.action}
            aria-label={T.action}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            options={(options.data?.actions ?? []).map((a) => ({ value: a, label: auditActionName(a) }))}
          />
        </Form.Item>
        <Form.Item name="from">
          <DatePicker placeholder={T.from} aria-label={T.from} />
        </Form.Item>
        <Form.Item name="to">
          <DatePicker placeholder={T.to} aria-label={T.to} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {T.search}
        </Button>
        <Button
          style={{ marginLeft: 8 }}
          onClick={() => downloadFrom(API.auditExport, { query: filter }).catch(() => {})}
        >
          {T.export}
        </Button>
      </Form>
      {/* Paged by key (上一页 / 下一页 below): a million rows have no page numbers to jump to. */}
      <ListTable<AuditEntry>
        rowKey="id"
        loading={page.isFetching}
        error={page.error}
        rows={page.data?.list}
        pager={false}
        columns={[
          { title: T.at, dataIndex: 'at', width: 170 },
          {
            title: T.actor,
            dataIndex: 'actorName',
            width: 140,
            render: (n: string | null, r) => (r.actorId ? `${n ?? ''}（${r.actorId}）` : '—'),
          },
          {
            title: T.module,
            dataIndex: 'entityType',
            width: 100,
            render: (t: string) => AUDIT_ENTITY_NAMES[t] ?? t,
          },
          { title: T.action, dataIndex: 'action', width: 220, render: (a: string) => auditActionName(a) },
          { title: T.record, dataIndex: 'entityId', width: 120 },
          {
            title: T.detail,
            dataIndex: 'detail',
            render: (d: string | null) => (
              <Typography.Text ellipsis={{ tooltip: d }} style={{ maxWidth: 360 }}>
                {d ?? ''}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Space>
        <Button disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {T.prev}
        </Button>
        <Button disabled={!page.data?.next} onClick={() => setCursors((c) => [...c, page.data?.next ?? undefined])}>
          {T.next}
        </Button>
      </Space>
    </Space>
  );
}
