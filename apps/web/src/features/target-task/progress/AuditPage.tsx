import {
  DELAY_STATUS,
  LIMITS,
  periodLabel,
  REPORT_KIND,
  REPORT_STATUS,
  type Report,
  type ReportKind,
  PROGRESS_TEXT as T,
} from '@zg/contract';
import { Button, Card, Segmented, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AttachmentDialog } from '../../../components/attachments/AttachmentDialog';
import { YearPicker } from '../../../components/pickers';
import { AUDIT_FILTERS, type AuditFilter, useDelaysToAudit, useReportsToAudit } from './progress.api';
import { AuditDialog, DelayAuditDialog } from './ReportDialogs';
import './progress.css';
import { ListTable } from '../../../components/ListTable';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');
const periodText = (r: Pick<Report, 'kind' | 'periodKey'>) =>
  r.kind === 'final' ? T.finalPeriod : periodLabel(r.periodKey);
const FILTERS = [
  { value: 'reviewing', label: T.reviewing },
  { value: 'audited', label: T.audited },
  { value: 'all', label: T.all },
];

type AuditTab = 'reports' | 'delays';

/**
 * What the audit page shows, as its URL carries it (?tab=delays&status=reviewing&year=2026): the home page's 待办 opens
 * the queue it counted this way; values the page cannot take fall back to the defaults.
 */
export function auditViewOf(params: URLSearchParams): { tab: AuditTab; status: AuditFilter; year?: number } {
  const status = AUDIT_FILTERS.find((f) => f === params.get('status')) ?? 'reviewing';
  const year = Number(params.get('year'));
  return {
    tab: params.get('tab') === 'delays' ? 'delays' : 'reports',
    status,
    year: params.get('year') && Number.isInteger(year) && year > 0 && year <= 9999 ? year : undefined,
  };
}

/** 进度审核: the reports and delay requests on the tasks the signed-in user audits, awaiting audit first. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const view = auditViewOf(params);
  const show = (next: typeof view) => {
    const query = new URLSearchParams({ tab: next.tab, status: next.status });
    if (next.year !== undefined) query.set('year', String(next.year));
    setParams(query, { replace: true });
  };
  const filter = { status: view.status, year: view.year, onStatus: (status: AuditFilter) => show({ ...view, status }) };
  return (
    <Card variant="borderless" className="zg-audit-page">
      {/* Beside the tabs, not inside the tab list: a control there breaks its ARIA (axe: aria-required-children). */}
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <YearPicker
          aria-label={T.taskYear}
          placeholder={T.allYears}
          value={view.year ?? null}
          onChange={(year) => show({ ...view, year: year ?? undefined })}
          style={{ width: 128 }}
        />
      </div>
      <Tabs
        activeKey={view.tab}
        onChange={(tab) => show({ ...view, tab: tab as AuditTab })}
        items={[
          {
            key: 'reports',
            label: T.pendingAudits,
            children: <ReportAudits key={`${view.status}-${view.year}`} {...filter} />,
          },
          {
            key: 'delays',
            label: T.pendingDelays,
            children: <DelayAudits key={`${view.status}-${view.year}`} {...filter} />,
          },
        ]}
      />
    </Card>
  );
}

interface AuditListProps {
  status: AuditFilter;
  year?: number;
  onStatus: (status: AuditFilter) => void;
}

function ReportAudits({ status, year, onStatus }: AuditListProps) {
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const size = LIMITS.defaultPageSize;
  const list = useReportsToAudit(status, page, size, year);
  const [auditing, setAuditing] = useState<Report | null>(null);
  const [files, setFiles] = useState<(Report & { rwmc: string }) | null>(null);
  return (
    <>
      <Segmented options={FILTERS} value={status} onChange={(v) => onStatus(v as AuditFilter)} />
      <ListTable
        className="zg-audit-page__table"
        rowKey="id"
        size="small"
        loading={list.isPending}
        rows={list.data?.records}
        scroll={{ x: 1200 }}
        empty={list.error?.message}
        pager={{ current: page, total: list.data?.total ?? 0, pageSize: size, onChange: setPage }}
        columns={[
          { title: T.taskName, dataIndex: 'rwmc', width: 180, ellipsis: true },
          { title: T.department, dataIndex: 'fbbm', width: 110 },
          { title: T.owner, dataIndex: 'fzrmc', width: 80 },
          { title: T.period, key: 'period', width: 100, render: (_v, r) => periodText(r) },
          { title: T.reportKind, dataIndex: 'kind', width: 90, render: (k: ReportKind) => REPORT_KIND[k] },
          { title: T.content, dataIndex: 'content', ellipsis: true },
          {
            title: T.attachments,
            dataIndex: 'fileCount',
            width: 90,
            render: (n: number, r) =>
              n > 0 ? (
                <Button type="link" size="small" onClick={() => setFiles(r)}>
                  {T.fileCount(n)}
                </Button>
              ) : (
                T.noAttachments
              ),
          },
          { title: T.submittedAt, dataIndex: 'submittedAt', width: 140, render: time },
          {
            title: T.status,
            dataIndex: 'status',
            width: 90,
            render: (s: Report['status']) => <Tag>{REPORT_STATUS[s]}</Tag>,
          },
          { title: T.reason, dataIndex: 'reason', width: 120, ellipsis: true },
          {
            title: T.actions,
            key: 'actions',
            width: 80,
            fixed: 'right',
            render: (_v, r) =>
              r.abilities.audit && (
                <Button type="link" size="small" onClick={() => setAuditing(r)}>
                  {T.audit}
                </Button>
              ),
          },
        ]}
      />
      <AuditDialog report={auditing} onClose={() => setAuditing(null)} />
      {files && (
        <AttachmentDialog
          open
          onClose={() => setFiles(null)}
          owner={{ ownerType: 'TaskProgress', ownerId: String(files.id) }}
          name={`${files.rwmc}${periodText(files)}`}
          editable={false}
          title={T.attachments}
        />
      )}
    </>
  );
}

function DelayAudits({ status, year, onStatus }: AuditListProps) {
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const size = LIMITS.defaultPageSize;
  const list = useDelaysToAudit(status, page, size, year);
  const [auditing, setAuditing] = useState<number | null>(null);
  return (
    <>
      <Segmented options={FILTERS} value={status} onChange={(v) => onStatus(v as AuditFilter)} />
      <ListTable
        className="zg-audit-page__table"
        rowKey="id"
        size="small"
        loading={list.isPending}
        rows={list.data?.records}
        empty={list.error?.message}
        pager={{ current: page, total: list.data?.total ?? 0, pageSize: size, onChange: setPage }}
        columns={[
          { title: T.taskName, dataIndex: 'rwmc', ellipsis: true },
          { title: T.department, dataIndex: 'fbbm', width: 110 },
          { title: T.owner, dataIndex: 'fzrmc', width: 80 },
          { title: T.taskEnd, dataIndex: 'oldEndDate', width: 110 },
          { title: T.newEndDate, dataIndex: 'newEndDate', width: 110 },
          { title: T.delayReason, dataIndex: 'reason', ellipsis: true },
          {
            title: T.status,
            dataIndex: 'status',
            width: 90,
            render: (s: keyof typeof DELAY_STATUS) => <Tag>{DELAY_STATUS[s]}</Tag>,
          },
          {
            title: T.actions,
            key: 'actions',
            width: 80,
            render: (_v, d) =>
              d.canAudit && (
                <Button type="link" size="small" onClick={() => setAuditing(d.id)}>
                  {T.audit}
                </Button>
              ),
          },
        ]}
      />
      <DelayAuditDialog delayId={auditing} onClose={() => setAuditing(null)} />
    </>
  );
}
