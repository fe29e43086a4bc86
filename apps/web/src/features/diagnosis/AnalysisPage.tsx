import { useQuery } from '@tanstack/react-query';
import { DIMENSION_API, ZNFX_TEXT as T, ZNFX_MSG } from '@zg/contract';
import { App, Button, Card, Select, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../api/endpoint';
import { toastFailure } from '../../api/feedback';
import { SearchBar } from '../../components/ListTable';
import { filterRows, type HeatRow } from './analysis.logic';
import { exportHeat, useAnalysisTasks, useHeat, useRefreshSummary } from './bulk.api';
import { HeatLegend, HeatTable } from './components/HeatTable';
import { ObjectQualityDialog } from './components/ObjectQualityDialog';
import './analysis.css';
import './diagnosis.css';

/**
 * 质量分析 (/improvement/analysis, znfx): by dimension, the tasks with their attainment; for the chosen task the
 * school-wide heat table of which objects are below standard on which QCPs — sortable, searchable, exported to Excel —
 * and an object's QCPs in a dialog. 更新汇总 rebuilds the task's summary (computations refresh it themselves).
 */
export default function AnalysisPage() {
  const { message } = App.useApp();
  const [wd, setWd] = useState<string | undefined>(undefined);
  const [picked, setPicked] = useState<number | null>(null);
  const [words, setWords] = useState('');
  const [open, setOpen] = useState<HeatRow | null>(null);
  const dimensions = useQuery({
    queryKey: ['diagnosis', 'znfx', 'dimensions'],
    queryFn: ({ signal }) => call(DIMENSION_API.types, { query: { pageNum: 1, pageSize: 1000 } }, { signal }),
    throwOnError: false,
  });
  const tasks = useAnalysisTasks(wd);
  const list = tasks.data ?? [];
  const rwid = picked !== null && list.some((t) => t.rwid === picked) ? picked : (list[0]?.rwid ?? null);
  const task = list.find((t) => t.rwid === rwid);
  const heat = useHeat(rwid);
  const refresh = useRefreshSummary();
  const rows = useMemo(() => filterRows(heat.data?.rows ?? [], words), [heat.data, words]);

  return (
    <Card variant="borderless" title={T.page}>
      <div className="zg-diagnosis-toolbar">
        <Space wrap>
          <Select
            aria-label={T.dimension}
            style={{ width: 160 }}
            value={wd ?? ''}
            onChange={(v) => {
              setWd(v || undefined);
              setPicked(null);
            }}
            options={[
              { value: '', label: T.allDimensions },
              ...(dimensions.data?.list ?? []).map((d) => ({ value: d.wdbm, label: d.wdmc })),
            ]}
          />
          <Select
            aria-label={T.task}
            style={{ width: 280 }}
            placeholder={T.pickTask}
            value={rwid ?? undefined}
            loading={tasks.isFetching}
            notFoundContent={T.noTasks}
            onChange={(v) => setPicked(v)}
            options={list.map((t) => ({ value: t.rwid, label: t.rwmc }))}
          />
          <SearchBar label={T.search} onSearch={(v) => setWords(v)} />
        </Space>
        {rwid !== null && (
          <Space wrap>
            <Button
              loading={refresh.isPending}
              onClick={() =>
                refresh
                  .mutateAsync(rwid)
                  .then((r) => message.success(ZNFX_MSG.cached(r.n)))
                  .catch((e) => toastFailure(message, e))
              }
            >
              {T.refresh}
            </Button>
            <Button type="primary" onClick={() => exportHeat(rwid).catch((e) => toastFailure(message, e))}>
              {T.export}
            </Button>
          </Space>
        )}
      </div>
      {task && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Tag>{T.objects(task.dxsl)}</Tag>
          <Tag color="red">{T.objectsBelow(task.bdbdxsl)}</Tag>
          <Tag color="green">{T.rate(task.dbl)}</Tag>
          <span>{T.refreshedAt(heat.data?.hcsj ?? task.hcsj)}</span>
          <HeatLegend />
        </Space>
      )}
      {heat.error && <Tag color="red">{heat.error.message}</Tag>}
      {heat.data ? (
        <HeatTable heat={heat.data} rows={rows} loading={heat.isFetching} onOpen={setOpen} />
      ) : (
        !tasks.isFetching && list.length === 0 && <Tag>{T.noTasks}</Tag>
      )}
      <ObjectQualityDialog id={open?.dxrwid ?? null} name={open?.gzdxmc ?? ''} onClose={() => setOpen(null)} />
    </Card>
  );
}
