import { LIMITS, QUALITY_WARNING_KIND_NAMES, QUALITY_WARNING_TEXT as T, type WarnGridRowSchema } from '@zg/contract';
import { App, Button, Card, DatePicker, Drawer, Form, Input, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { z } from 'zod';
import { toastFailure } from '../../api/feedback';
import { ListTable } from '../../components/ListTable';
import { useTasks } from '../diagnosis/diagnosis.api';
import { RowWarningPanel } from './components/RowWarningPanel';
import { exportWarnGrid, type GridQuery, useWarnGrid } from './quality-warning.api';
import './quality-warning.css';

type Line = z.infer<typeof WarnGridRowSchema>;
type Filters = Omit<GridQuery, 'pageNum' | 'pageSize'>;

interface FormValues {
  rwid?: number;
  gzdxmc?: string;
  yjlx?: 'process' | 'expired';
  sfcl?: 'yes' | 'no';
  dates?: [Dayjs, Dayjs] | null;
}

function filtersOf(v: FormValues): Filters {
  return {
    rwid: v.rwid,
    gzdxmc: v.gzdxmc?.trim() || undefined,
    yjlx: v.yjlx,
    sfcl: v.sfcl,
    kssj: v.dates?.[0]?.format('YYYY-MM-DD'),
    jssj: v.dates?.[1]?.format('YYYY-MM-DD'),
  };
}

/**
 * 预警记录 (/improvement/warnings, spec-2 §2.3): one line per quality control point with warnings — its warning value,
 * the latest cause analysis and measures, warning and handling counts, the handler — filtered by task, object, type,
 * disposed or not and dates, exported to Excel; a line opens the row's history, trend and improvement case.
 */
export default function WarningRecordsPage() {
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const [open, setOpen] = useState<Line | null>(null);
  const [exporting, setExporting] = useState(false);
  const grid = useWarnGrid({ ...filters, pageNum: page, pageSize: LIMITS.defaultPageSize });
  const tasks = useTasks({ pageNum: 1, pageSize: 100 });
  const { message } = App.useApp();
  const search = () => {
    setFilters(filtersOf(form.getFieldsValue()));
    setPage(LIMITS.firstPage);
  };
  return (
    <Card variant="borderless" title={T.pageWarnings}>
      <Form form={form} layout="inline" className="zg-qw__filters" onFinish={search}>
        <Form.Item name="rwid" label={T.filterTask}>
          <Select
            allowClear
            style={{ width: 220 }}
            options={(tasks.data?.list ?? []).map((t) => ({ value: t.id, label: t.rwmc }))}
          />
        </Form.Item>
        <Form.Item name="gzdxmc" label={T.filterObject}>
          <Input allowClear maxLength={100} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="yjlx" label={T.filterKind}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={(['process', 'expired'] as const).map((k) => ({ value: k, label: QUALITY_WARNING_KIND_NAMES[k] }))}
          />
        </Form.Item>
        <Form.Item name="sfcl" label={T.filterDisposed}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={[
              { value: 'yes', label: T.disposedYes },
              { value: 'no', label: T.disposedNo },
            ]}
          />
        </Form.Item>
        <Form.Item name="dates" label={T.filterDates}>
          <DatePicker.RangePicker />
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
          <Button
            loading={exporting}
            onClick={() => {
              setExporting(true);
              exportWarnGrid(filters)
                .catch((e) => toastFailure(message, e))
                .finally(() => setExporting(false));
            }}
          >
            {T.export}
          </Button>
        </Space>
      </Form>
      <ListTable<Line>
        rows={grid.data?.list}
        loading={grid.isFetching}
        error={grid.error}
        empty={T.histNone}
        pager={{ current: page, total: grid.data?.total ?? 0, onChange: setPage }}
        scroll={{ x: 1300 }}
        columns={[
          {
            title: T.colRow,
            dataIndex: 'zkdmc',
            width: 160,
            render: (v: string, l) => (
              <Button type="link" size="small" onClick={() => setOpen(l)} data-open-row={l.id}>
                {v}
              </Button>
            ),
          },
          { title: T.colTask, dataIndex: 'rwmc', width: 180 },
          { title: T.colObject, dataIndex: 'gzdxmc', width: 140 },
          {
            title: T.colValue,
            dataIndex: 'yjz',
            width: 90,
            render: (v: string | null, l) => (
              <Space size={4}>
                {v}
                <Tag color={l.yjlx === 'expired' ? 'red' : 'orange'}>{QUALITY_WARNING_KIND_NAMES[l.yjlx]}</Tag>
              </Space>
            ),
          },
          { title: T.colCause, dataIndex: 'yyfx', width: 200, ellipsis: true, render: (v) => v ?? '—' },
          { title: T.colMeasures, dataIndex: 'clcs', width: 200, ellipsis: true, render: (v) => v ?? '—' },
          { title: T.colCount, dataIndex: 'allNum', width: 90 },
          { title: T.colDisposed, dataIndex: 'disposeNum', width: 90 },
          { title: T.colHandler, dataIndex: 'clrmc', width: 100, render: (v) => v ?? '—' },
          { title: T.colLatest, dataIndex: 'yjsj', width: 170 },
        ]}
      />
      <Drawer
        open={open !== null}
        width={960}
        title={open ? T.detailTitle(open.zkdmc, open.gzdxmc) : ''}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open && <RowWarningPanel rowId={open.id} />}
      </Drawer>
    </Card>
  );
}
