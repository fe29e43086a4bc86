import { type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Button, Card, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { LoadError } from '../../../components/LoadError';
import { useDiagnosisActions, useScore } from '../diagnosis.api';
import { gradeLines, timeText } from '../diagnosis.logic';
import { useConfirm } from './use-confirm';

/**
 * An object task's score (getCalScoreResult): the score, when it was computed, and its graded rows per grade;
 * 计算得分 (calScore) for whoever may compute the object task.
 */
export function ScoreCard({ object }: { object: ObjectTask }) {
  const score = useScore(object.id);
  const actions = useDiagnosisActions();
  const confirm = useConfirm();
  const s = score.data;
  const compute = () =>
    confirm({
      title: T.computeScore,
      content: T.scoreRule,
      ok: T.computeScore,
      run: () => actions.score.mutateAsync(object.id),
      done: (r) => T.scored(r.score),
    });
  return (
    <Card
      variant="borderless"
      title={T.scoreTitle}
      style={{ height: '100%' }}
      extra={
        object.abilities.calculate && (
          <Button onClick={compute} loading={actions.score.isPending}>
            {T.computeScore}
          </Button>
        )
      }
    >
      {score.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {score.error && <LoadError error={score.error} onRetry={() => void score.refetch()} />}
      {s && (
        <Space orientation="vertical" size={8}>
          <Space size="large" align="end" wrap>
            <Statistic title={T.score} value={s.score ?? T.scoreNone} precision={s.score === null ? undefined : 2} />
            <Typography.Text type="secondary">{T.field(T.scoreAt, timeText(s.pfsj))}</Typography.Text>
          </Space>
          <Space size={4} wrap>
            <Typography.Text>{T.scoreGraded(s.graded)}</Typography.Text>
            {gradeLines(s.grades).map((line) => (
              <Tag key={line}>{line}</Tag>
            ))}
          </Space>
          <Typography.Text type="secondary">{T.scoreRule}</Typography.Text>
        </Space>
      )}
    </Card>
  );
}
