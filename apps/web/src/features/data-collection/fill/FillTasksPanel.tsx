import { FILL_TEXT as F, FILL_STATE_NAMES, FILL_STATES, type FillState } from '@zg/contract';
import { Button, Segmented, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { ListTable } from '../../../components/ListTable';
import { type FillScope, useFillCounts, useFillTasks } from '../fill.api';
import { stateColor } from '../fill.logic';
import { FillTaskView } from './FillTaskView';

type FillTaskRow = NonNullable<ReturnType<typeof useFillTasks>['data']>[number];

/**
 * 我的填报 (scope mine) or 审核 (scope audit): the fill tasks counted by state, filtered by one, and each opened at
 * <base>/<id> in the filling grid.
 */
export function FillTasksPanel({ scope, base }: { scope: FillScope; base: string }) {
  return (
    <Routes>
      <Route path=":id" element={<OpenedTask scope={scope} base={base} />} />
      <Route path="*" element={<FillTaskList scope={scope} base={base} />} />
    </Routes>
  );
}

function OpenedTask({ scope, base }: { scope: FillScope; base: string }) {
  const { id } = useParams();
  return <FillTaskView key={id} id={Number(id)} scope={scope} base={base} />;
}

function FillTaskList({ scope, base }: { scope: FillScope; base: string }) {
  const navigate = useNavigate();
  // The audit queue opens on what waits for its auditor; 我的填报 on everything.
  const [state, setState] = useState<FillState | 'all'>(scope === 'audit' ? 'waitAudit' : 'all');
  const counts = useFillCounts(scope);
  const list = useFillTasks(scope, state === 'all' ? undefined : state);
  const total = counts.data ? FILL_STATES.reduce((n, s) => n + (counts.data[s] ?? 0), 0) : undefined;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : F.count(text, n));

  const columns: TableColumnsType<FillTaskRow> = [
    { title: F.task, dataIndex: 'taskName', ellipsis: true },
    { title: F.form, dataIndex: 'formName', ellipsis: true },
    { title: F.cycle, dataIndex: 'cycle', width: 110 },
    { title: F.assignee, dataIndex: 'assigneeName', width: 140, ellipsis: true },
    {
      title: F.deadline,
      dataIndex: 'deadline',
      width: 130,
      render: (d: string, r) => (
        <Space size={4}>
          <span>{d}</span>
          {r.closed && <Tag>{F.closed}</Tag>}
        </Space>
      ),
    },
    {
      title: F.state,
      dataIndex: 'state',
      width: 100,
      render: (s: FillState) => <Tag color={stateColor(s)}>{FILL_STATE_NAMES[s]}</Tag>,
    },
    {
      title: F.opinion,
      dataIndex: 'opinion',
      ellipsis: true,
      render: (o: string | null) => o ?? '—',
    },
    {
      title: F.actions,
      key: 'actions',
      width: 100,
      render: (_: unknown, r) => {
        const acting =
          scope === 'mine' ? r.abilities.save || r.abilities.commit : r.abilities.pass || r.abilities.reject;
        return (
          <Button
            type="link"
            size="small"
            onClick={() => navigate(`${base}/${r.id}`)}
            aria-label={`${acting ? (scope === 'mine' ? F.fill : F.audit) : F.view}${r.taskName}（${r.assigneeName}）`}
          >
            {acting ? (scope === 'mine' ? F.fill : F.audit) : F.view}
          </Button>
        );
      },
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented<FillState | 'all'>
        value={state}
        onChange={setState}
        options={[
          { value: 'all', label: label(F.all, total) },
          ...FILL_STATES.map((s) => ({ value: s, label: label(FILL_STATE_NAMES[s], counts.data?.[s]) })),
        ]}
      />
      <ListTable
        size="small"
        rowKey="id"
        aria-label={scope === 'mine' ? F.mineTab : F.auditTab}
        loading={list.isLoading}
        columns={columns}
        rows={list.data}
        error={list.error}
        empty={scope === 'mine' ? F.emptyMine : F.emptyAudit}
        pager="local"
        pageSize={20}
      />
    </Space>
  );
}
