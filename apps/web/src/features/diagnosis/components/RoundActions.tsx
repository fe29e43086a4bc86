import { DIAGNOSIS_MSG as M, type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { Button } from 'antd';
import { useDiagnosisActions } from '../diagnosis.api';
import { useConfirm } from './use-confirm';

/**
 * 再次诊断 (diagnoseagain: a new round, this round's results becoming last round's) and 刷新到最新标准 (refreshTarget:
 * the rows move to the standard's newest published version, its answer telling how many were kept, added, removed),
 * each behind a confirmation saying what it does, each shown only when the object task's abilities allow it.
 */
export function RoundActions({ object }: { object: ObjectTask }) {
  const actions = useDiagnosisActions();
  const confirm = useConfirm();
  const again = () =>
    confirm({
      title: T.againTitle(object.gzdxmc, object.lc + 1),
      content: T.againContent,
      ok: T.again,
      danger: true,
      run: () => actions.again.mutateAsync(object.id),
      done: (o) => M.againStarted(o.lc),
    });
  const refresh = () =>
    confirm({
      title: T.refreshTitle,
      content: T.refreshContent,
      ok: T.refresh,
      run: () => actions.refresh.mutateAsync(object.id),
      done: (r) => T.refreshed(r.bzbb, r.kept, r.added, r.removed),
    });
  return (
    <>
      {object.abilities.refresh && (
        <Button onClick={refresh} loading={actions.refresh.isPending}>
          {T.refresh}
        </Button>
      )}
      {object.abilities.again && (
        <Button danger onClick={again} loading={actions.again.isPending}>
          {T.again}
        </Button>
      )}
    </>
  );
}
