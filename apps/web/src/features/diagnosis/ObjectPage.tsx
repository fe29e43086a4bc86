import {
  DIAGNOSIS_MSG as M,
  QUALITY_VIEW_TEXT,
  DIAGNOSIS_TEXT as T,
  TARGET_STATE_NAMES,
  TARGET_STATE_NAMES_FZR,
} from '@zg/contract';
import { App, Button, Card, Col, Descriptions, Progress, Row, Segmented, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toastFailure } from '../../api/feedback';
import { EmptyState } from '../../components/EmptyState';
import { AuditButtons } from './components/AuditButtons';
import { AuditTrail } from './components/AuditTrail';
import { CollectorsCard } from './components/CollectorsCard';
import { LineageDialog, type RowDialogTarget } from './components/LineageDialog';
import { ResultsEntryDialog } from './components/ResultsEntryDialog';
import { ReviseDialog, type Revising } from './components/ReviseDialog';
import { RoundActions } from './components/RoundActions';
import { RowsTable } from './components/RowsTable';
import { ScoreCard } from './components/ScoreCard';
import { useDiagnosisActions, useRows } from './diagnosis.api';
import { changedTargets, clampPercent, draftsProblem, manualRows, taskPath } from './diagnosis.logic';
import './diagnosis.css';

type Filter = 'all' | 'unfin' | 'dis';

/**
 * 诊改对象 (/improvement/object?id=): an object task's rows with target entry for the person in charge (保存目标值,
 * 提交审核), manual results (填报结果值), revised targets and results with their reasons, the auditor's 审核通过 /
 * 审核不通过, 计算本对象结果, 刷新到最新标准 and 再次诊断, its score and collectors, 数据来源 and 采样记录 of each row,
 * and the audit trail. Every action is offered only when the record's abilities (sent by the server) allow it.
 */
export default function ObjectPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const rows = useRows(id, filter === 'all' ? undefined : filter);
  const actions = useDiagnosisActions();
  const [drafts, setDrafts] = useState<Record<number, string | null>>({});
  const [rowDialog, setRowDialog] = useState<RowDialogTarget | null>(null);
  const [revising, setRevising] = useState<Revising | null>(null);
  const [entering, setEntering] = useState(false);

  if (!id) return <EmptyState description={T.noObjects} />;
  if (rows.isPending)
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  const data = rows.data;
  if (!data) return <EmptyState description={T.noObjects} />;
  const o = data.objectTask;
  const editing = o.abilities.saveTargets;
  const states = o.isFzr ? TARGET_STATE_NAMES_FZR : TARGET_STATE_NAMES;

  /** Saves the changed targets (and submits them when `commit`); a problem found here is told before sending. */
  const save = async (commit: boolean) => {
    const problem = draftsProblem(data.list, drafts);
    if (problem) {
      message.error(problem);
      return;
    }
    try {
      await actions.saveTargets.mutateAsync({ dxrwid: id, list: changedTargets(data.list, drafts), commit });
      setDrafts({});
      message.success(commit ? M.submitted : T.targetsSaved);
    } catch (e) {
      toastFailure(message, e);
    }
  };

  const submit = () =>
    modal.confirm({
      title: T.submitTitle,
      content: T.submitContent,
      okText: T.submitTargets,
      cancelText: T.cancel,
      onOk: () => save(true),
    });

  const computeObject = () =>
    actions.calculateObject
      .mutateAsync(id)
      .then((r) => message.success(M.computed(r.computed, r.failed)))
      .catch((e) => toastFailure(message, e));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space wrap>
            <span>{o.gzdxmc}</span>
            <Tag color={o.mbzt === 'toaudit' ? 'success' : o.mbzt === 'waitaudit' ? 'processing' : 'default'}>
              {T.field(T.targetState, states[o.mbzt])}
            </Tag>
          </Space>
        }
        extra={
          <Space wrap>
            {o.abilities.saveTargets && (
              <Button onClick={() => void save(false)} loading={actions.saveTargets.isPending}>
                {T.saveTargets}
              </Button>
            )}
            {o.abilities.submit && (
              <Button type="primary" onClick={submit}>
                {T.submitTargets}
              </Button>
            )}
            <AuditButtons object={o} />
            {o.abilities.enterResults && manualRows(data.list).length > 0 && (
              <Button onClick={() => setEntering(true)}>{T.enterResults}</Button>
            )}
            {o.abilities.calculate && (
              <Button onClick={() => void computeObject()} loading={actions.calculateObject.isPending}>
                {T.computeObject}
              </Button>
            )}
            <RoundActions object={o} />
            <Button onClick={() => navigate(`/improvement/monitor?id=${id}`)}>{QUALITY_VIEW_TEXT.openMonitor}</Button>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={T.taskName}>
            <Link to={taskPath(o.rwid)}>{o.rwmc}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={T.department}>{o.bmmc ?? T.dash}</Descriptions.Item>
          <Descriptions.Item label={T.charger}>{o.fzr?.name ?? T.dash}</Descriptions.Item>
          <Descriptions.Item label={T.round}>{T.roundNo(o.lc)}</Descriptions.Item>
          <Descriptions.Item label={T.standardVersionOnly}>
            <Space size={4}>
              {T.version(o.bzbb)}
              {o.hasNewer && <Tag color="blue">{T.newerVersion}</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={T.score}>{o.score ?? T.dash}</Descriptions.Item>
          <Descriptions.Item label={T.progress} span={2}>
            <Space wrap>
              <Progress percent={clampPercent(o.jd)} size="small" style={{ width: 200 }} />
              <Tag color="red">{T.belowStandardCount(o.wdbsl)}</Tag>
              <Tag color="orange">{T.unfinishedCount(o.wwcsl)}</Tag>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        variant="borderless"
        title={
          <Segmented<Filter>
            value={filter}
            onChange={setFilter}
            options={[
              { value: 'all', label: T.rowsAll },
              { value: 'unfin', label: T.unfinished },
              { value: 'dis', label: T.belowStandard },
            ]}
          />
        }
        extra={
          <span className="zg-diagnosis-legend">
            {T.legend}
            <Tag color="orange">{T.flagUnfinished}</Tag>
            <Tag color="red">{T.flagBelow}</Tag>
          </span>
        }
      >
        <RowsTable
          rows={data.list}
          levelCount={data.eachLevelCount.length}
          loading={rows.isFetching}
          editing={editing}
          drafts={drafts}
          onDraft={(rowId, v) => setDrafts((d) => ({ ...d, [rowId]: v }))}
          onLineage={(row) => setRowDialog({ row, tab: 'lineage' })}
          onSamples={(row) => setRowDialog({ row, tab: 'samples' })}
          onRevise={(row, kind) => setRevising({ row, kind })}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ScoreCard object={o} />
        </Col>
        <Col xs={24} lg={12}>
          <CollectorsCard object={o} />
        </Col>
      </Row>
      <AuditTrail dxrwid={id} />
      <LineageDialog
        target={rowDialog}
        onTab={(tab) => setRowDialog((d) => d && { ...d, tab })}
        onClose={() => setRowDialog(null)}
      />
      <ReviseDialog revising={revising} onClose={() => setRevising(null)} />
      <ResultsEntryDialog dxrwid={id} rows={data.list} open={entering} onClose={() => setEntering(false)} />
    </Space>
  );
}
