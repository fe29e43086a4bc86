import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ALGORITHM_PARAM_NAMES, type Algorithm, type AlgorithmResult, ALGORITHM_TEXT as T } from '@zg/contract';
import { Alert, Button, Modal, Skeleton, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { ListTable } from '../../components/ListTable';
import { ALGORITHM_KEYS, fetchRuns, rerun } from './algorithm.api';
import { paramsText, shortHash, timeText } from './algorithm.logic';
import { ResultView } from './ResultView';

type RunRow = Awaited<ReturnType<typeof fetchRuns>>['records'][number];

/** 执行记录: every stored result's lineage (version, hash, parameters, rows, time), each can run again. */
export function RunsPanel({ algorithm }: { algorithm: Algorithm }) {
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: ALGORITHM_KEYS.runs({ sfid: algorithm.id, page }),
    queryFn: () => fetchRuns({ current: page, sfid: algorithm.id }),
    placeholderData: keepPreviousData,
  });
  const [again, setAgain] = useState<{ run: RunRow; result?: AlgorithmResult; error?: string } | null>(null);
  const run = useMutation({
    mutationFn: (r: RunRow) => rerun(r.id),
    onMutate: (r) => setAgain({ run: r }),
    onSuccess: (result, r) => setAgain({ run: r, result }),
    onError: (e, r) => setAgain({ run: r, error: errorText(e, T.runAgainFailed) }),
  });
  const columns: TableColumnsType<RunRow> = [
    { key: 'bbh', title: T.versionColumn, render: (_, r) => <strong>{T.version(r.bbh)}</strong>, width: 64 },
    { key: 'hash', title: T.hash, render: (_, r) => <code title={r.hash}>{shortHash(r.hash)}</code> },
    { key: 'params', title: T.params, render: (_, r) => paramsText(r.params, ALGORITHM_PARAM_NAMES) },
    { key: 'value', title: T.runValue, dataIndex: 'value', align: 'right', render: (v: number | null) => v ?? T.dash },
    { key: 'rows', title: T.rowCount, dataIndex: 'rows', align: 'right' },
    { key: 'ms', title: T.runMs, dataIndex: 'ms', align: 'right' },
    { key: 'zxr', title: T.runBy, dataIndex: 'zxr', render: (v: string | null) => v ?? T.dash },
    { key: 'zxsj', title: T.runAt, dataIndex: 'zxsj', render: (v: string) => timeText(v) },
    {
      key: 'actions',
      title: T.actions,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => run.mutate(r)}>
          {T.runAgain}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListTable
        size="small"
        rowKey="id"
        loading={runs.isPending}
        columns={columns}
        rows={runs.data?.records}
        pager={{ current: page, total: runs.data?.total ?? 0, onChange: setPage }}
        empty={T.noRuns}
        scroll={{ x: 'max-content' }}
      />
      <Modal
        open={again !== null}
        title={again ? T.runAgainTitle(again.run.bbh, paramsText(again.run.params, ALGORITHM_PARAM_NAMES)) : ''}
        onCancel={() => setAgain(null)}
        footer={<Button onClick={() => setAgain(null)}>{T.close}</Button>}
        width={820}
        destroyOnHidden
      >
        {again?.error ? <Alert type="error" showIcon message={again.error} /> : null}
        {again?.result ? (
          <>
            <Typography.Paragraph>
              {T.runAgainNote(again.run.bbh)}
              <code>{shortHash(again.run.hash)}</code>
              {T.runAgainNoteEnd}
              {again.run.value !== null ? T.recordedValue(again.run.value) : ''}
            </Typography.Paragraph>
            <ResultView result={again.result} rerun />
          </>
        ) : null}
        {again && !again.result && !again.error ? <Skeleton active /> : null}
      </Modal>
    </>
  );
}
