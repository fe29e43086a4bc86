import { useQuery } from '@tanstack/react-query';
import { SYSTEM_ADMIN_API as API, type AuditEntry, auditActionName, RECORD_HISTORY_TEXT as T } from '@zg/contract';
import { Button, type ButtonProps, Modal, Table } from 'antd';
import { useState } from 'react';
import { call } from '../../api/endpoint';
import { LoadError } from '../LoadError';

export interface RecordRef {
  /** The record type as the audit log names it: targetTask, yearTarget, standard, fillTask. */
  entityType: string;
  entityId: string | number;
}

/** `GET /api/recordHistory`: the record's history, newest first (asked only while the dialog is open). */
function useRecordHistory(record: RecordRef, enabled: boolean) {
  const entityId = String(record.entityId);
  return useQuery({
    queryKey: ['recordHistory', record.entityType, entityId],
    queryFn: ({ signal }) =>
      call(API.recordHistory, { query: { entityType: record.entityType, entityId } }, { signal }),
    enabled,
    // Drawn in the dialog: a refusal must not replace the page behind it with the error boundary.
    throwOnError: false,
  });
}

/** The details of an entry as a person reads them: JSON's keys and values, without braces and quotes. */
export function readableDetail(detail: string | null): string {
  if (!detail) return '—';
  try {
    const value: unknown = JSON.parse(detail);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}：${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join('；');
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return detail;
  }
}

/** The history's table: when, who, what, the details. */
function HistoryTable({ record }: { record: RecordRef }) {
  const history = useRecordHistory(record, true);
  if (history.isError) return <LoadError error={history.error} onRetry={() => void history.refetch()} />;
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="small"
      loading={history.isPending}
      dataSource={history.data ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: T.empty }}
      columns={[
        { title: T.at, dataIndex: 'at', width: 170 },
        {
          title: T.actor,
          width: 160,
          render: (_: unknown, e) => (e.actorName ? `${e.actorName}（${e.actorId}）` : (e.actorId ?? '—')),
        },
        { title: T.action, dataIndex: 'action', width: 200, render: (a: string) => auditActionName(a) },
        { title: T.detail, dataIndex: 'detail', ellipsis: true, render: (d: string | null) => readableDetail(d) },
      ]}
    />
  );
}

/**
 * 操作记录: a button that opens the record's own history (who changed it, when, how), for whoever may read the record
 * (the server decides: the record's module says who may read it).
 */
export function RecordHistoryButton({ record, ...button }: { record: RecordRef } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {T.button}
      </Button>
      <Modal title={T.title} open={open} onCancel={() => setOpen(false)} footer={null} width={900} destroyOnHidden>
        {open && <HistoryTable record={record} />}
      </Modal>
    </>
  );
}
