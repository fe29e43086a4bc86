import {
  CASE_STEP_NAMES,
  CASE_STEPS,
  type CaseStep,
  type ImprovementCase,
  QUALITY_WARNING_TEXT as T,
} from '@zg/contract';
import { App, Button, Empty, Input, Select, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { useCaseOfRow, useCaseStep } from '../quality-warning.api';
import { spiralPoints } from '../quality-warning.logic';

const W = 260;
const H = 360;

/** The 8-shaped spiral drawn in SVG: two loops, the ten steps on them, the row's step marked. */
export function SpiralDrawing({ current, closed }: { current: CaseStep | null; closed?: boolean }) {
  const pts = spiralPoints(CASE_STEPS.length, W, H);
  const at = current ? CASE_STEPS.indexOf(current) : -1;
  const r = Math.min(W / 2, H / 4) - 24;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={T.spiralTitle} className="zg-qw__spiral">
      <title>{T.spiralTitle}</title>
      <circle cx={W / 2} cy={H / 4 + 4} r={r} fill="none" stroke="#91caff" strokeWidth={3} />
      <circle cx={W / 2} cy={(3 * H) / 4 - 4} r={r} fill="none" stroke="#95de64" strokeWidth={3} />
      {pts.map((p, i) => {
        const step = CASE_STEPS[i]!;
        const done = i < at || (closed && i <= at);
        const here = i === at && !closed;
        return (
          <g key={step} data-step={step} data-current={here ? 'true' : undefined}>
            <circle
              cx={p.x}
              cy={p.y}
              r={here ? 20 : 16}
              fill={here ? '#fa8c16' : done ? '#1677ff' : '#fff'}
              stroke={here ? '#d46b08' : '#1677ff'}
              strokeWidth={2}
            />
            <text x={p.x} y={p.y + 5} textAnchor="middle" fontSize={13} fill={here || done ? '#fff' : '#1f1f1f'}>
              {CASE_STEP_NAMES[step]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Steps({ c }: { c: ImprovementCase }) {
  return (
    <Timeline
      items={c.steps.map((s) => ({
        key: `${s.step}-${s.sj}`,
        children: (
          <span>
            <Typography.Text strong>{s.name}</Typography.Text> {s.czr?.name ?? T.spiralSystem} {s.sj}
            {s.note ? ` · ${s.note}` : ''}
          </span>
        ),
      }))}
    />
  );
}

/** Moves the case to a later step, with an optional note. */
function StepForm({ c }: { c: ImprovementCase }) {
  const later = CASE_STEPS.slice(CASE_STEPS.indexOf(c.step) + 1);
  const [step, setStep] = useState<CaseStep | undefined>(later[0]);
  const [note, setNote] = useState('');
  const move = useCaseStep();
  const { message } = App.useApp();
  if (!later.length) return null;
  return (
    <Space wrap>
      <span>{T.spiralNext}</span>
      <Select<CaseStep>
        aria-label={T.spiralNext}
        value={step}
        onChange={setStep}
        style={{ width: 100 }}
        options={later.map((s) => ({ value: s, label: CASE_STEP_NAMES[s] }))}
      />
      <Input
        aria-label={T.spiralNote}
        placeholder={T.spiralNote}
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        style={{ width: 220 }}
      />
      <Button
        type="primary"
        loading={move.isPending}
        onClick={() =>
          step &&
          move.mutate(
            { id: c.id, step, note: note.trim() || undefined },
            {
              onSuccess: (done) => {
                message.success(`${T.spiralNow(done.stepName)}`);
                setNote('');
              },
              onError: (e) => toastFailure(message, e),
            },
          )
        }
      >
        {T.spiralConfirm}
      </Button>
    </Space>
  );
}

/**
 * 改进案例 of a row: the spiral drawn with the row's step marked, the steps taken (who, when), and for the person in
 * charge or a sharer the move to a later step. The case closes by itself when a computation meets the rule.
 */
export function ImprovementSpiral({ rowId }: { rowId: number }) {
  const q = useCaseOfRow(rowId);
  const c = q.data;
  if (q.isPending) return null;
  if (!c) return <Empty description={T.spiralNoCase} />;
  return (
    <div className="zg-qw__case">
      <SpiralDrawing current={c.step} closed={c.zt === 'closed'} />
      <div className="zg-qw__case-side">
        <Space direction="vertical">
          <span>
            {T.spiralNow(c.stepName)}{' '}
            {c.zt === 'open' ? <Tag color="orange">{T.caseOpen}</Tag> : <Tag color="green">{T.caseClosed}</Tag>}{' '}
            {`${T.caseAge} ${T.days(c.days)}`}
          </span>
          {c.gbsj && <Typography.Text type="secondary">{T.spiralClosed(c.gbsj)}</Typography.Text>}
          <Steps c={c} />
          {c.canAct && <StepForm c={c} />}
        </Space>
      </div>
    </div>
  );
}
