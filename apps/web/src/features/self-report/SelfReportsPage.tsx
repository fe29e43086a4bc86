import {
  LIMITS,
  SELF_REPORT_STATE_NAMES,
  SELF_REPORT_STATES,
  type SelfReportListItem,
  type SelfReportState,
  SELF_REPORT_TEXT as T,
} from '@zg/contract';
import { App, Button, Card, Drawer, Form, Input, Select, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../api/feedback';
import { ListTable } from '../../components/ListTable';
import { ReportView } from './ReportView';
import { SummaryButton } from './SummaryDialog';
import { downloadWord, type ReportQuery, useReport, useReports, useSelfReportTemplates } from './self-report.api';

type Filters = Omit<ReportQuery, 'pageNum' | 'pageSize'>;
interface FormValues {
  rwmc?: string;
  dxrwmc?: string;
  fzrmc?: string;
  zt?: SelfReportState;
}

const STATE_COLOR: Record<SelfReportState, string> = {
  draft: 'default',
  submitted: 'blue',
  expertReviewed: 'gold',
  schoolReviewed: 'green',
  rejected: 'red',
};

function Detail({ bgid }: { bgid: number }) {
  const report = useReport(bgid);
  if (!report.data) return <Spin />;
  return <ReportView report={report.data} />;
}

/**
 * 质量报告 (/report, issue 33): the self-diagnosis reports the user sees (cjsj yyyy-MM-dd, task, object, person in
 * charge, round, state) with their filters; a line opens the report and its Word download.
 */
export default function SelfReportsPage() {
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const [open, setOpen] = useState<SelfReportListItem | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [mbid, setMbid] = useState<number | undefined>(undefined);
  const templates = useSelfReportTemplates(open !== null);
  const list = useReports({ ...filters, pageNum: page, pageSize: LIMITS.defaultPageSize });
  const { message } = App.useApp();
  const search = () => {
    const v = form.getFieldsValue();
    setFilters({
      rwmc: v.rwmc?.trim() || undefined,
      dxrwmc: v.dxrwmc?.trim() || undefined,
      fzrmc: v.fzrmc?.trim() || undefined,
      zt: v.zt,
    });
    setPage(LIMITS.firstPage);
  };
  return (
    <Card variant="borderless" title={T.pageTitle} extra={<SummaryButton />}>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="rwmc" label={T.filterTask}>
          <Input allowClear maxLength={100} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="dxrwmc" label={T.filterObject}>
          <Input allowClear maxLength={100} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="fzrmc" label={T.filterCharger}>
          <Input allowClear maxLength={100} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="zt" label={T.filterState}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={SELF_REPORT_STATES.map((s) => ({ value: s, label: SELF_REPORT_STATE_NAMES[s] }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {T.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search();
            }}
          >
            {T.reset}
          </Button>
        </Space>
      </Form>
      <ListTable<SelfReportListItem>
        rows={list.data?.list}
        loading={list.isFetching}
        error={list.error}
        empty={T.empty}
        pager={{ current: page, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: T.colDate, dataIndex: 'cjsj', width: 120 },
          { title: T.colTask, dataIndex: 'rwmc' },
          { title: T.colObject, dataIndex: 'dxrwmc', width: 160 },
          { title: T.colCharger, dataIndex: 'fzrmc', width: 110, render: (v: string | null) => v ?? '—' },
          { title: T.colRound, dataIndex: 'lc', width: 70 },
          {
            title: T.colState,
            dataIndex: 'zt',
            width: 120,
            render: (v: SelfReportState) => <Tag color={STATE_COLOR[v]}>{SELF_REPORT_STATE_NAMES[v]}</Tag>,
          },
          {
            title: T.colAction,
            width: 90,
            render: (_: unknown, l) => (
              <Button type="link" size="small" onClick={() => setOpen(l)} data-open-report={l.id}>
                {T.view}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        width={960}
        title={open ? T.drawerTitle(open.dxrwmc, open.rwmc) : ''}
        onClose={() => setOpen(null)}
        destroyOnHidden
        extra={
          open ? (
            <Space>
              {templates.data?.length ? (
                <Select
                  aria-label={T.coverTemplate}
                  placeholder={T.defaultCover}
                  allowClear
                  style={{ width: 180 }}
                  value={mbid}
                  onChange={(v) => setMbid(v)}
                  options={templates.data.map((t) => ({ value: t.id, label: t.mbmc }))}
                />
              ) : null}
              <Button
                loading={downloading}
                onClick={() => {
                  setDownloading(true);
                  downloadWord(open.id, mbid)
                    .catch((e) => toastFailure(message, e))
                    .finally(() => setDownloading(false));
                }}
              >
                {T.download}
              </Button>
            </Space>
          ) : null
        }
      >
        {open && <Detail bgid={open.id} />}
      </Drawer>
    </Card>
  );
}
