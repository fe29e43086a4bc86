import { type DiagnosisTask, DIAGNOSIS_MSG as M, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { App, Button, Space } from 'antd';
import { toastFailure } from '../../../api/feedback';
import { useDiagnosisActions } from '../diagnosis.api';

/**
 * A task's pause / resume / finish / delete, each behind a confirmation, each shown only when the task's abilities
 * (the server's machine and policy) allow it.
 */
export function TaskActions({ task, onDeleted }: { task: DiagnosisTask; onDeleted?: () => void }) {
  const { modal, message } = App.useApp();
  const actions = useDiagnosisActions();
  const can = task.abilities;

  const confirm = (opts: {
    title: string;
    content: string;
    ok: string;
    danger?: boolean;
    run: () => Promise<unknown>;
    done: string;
  }) =>
    modal.confirm({
      title: opts.title,
      content: opts.content,
      okText: opts.ok,
      cancelText: T.cancel,
      okButtonProps: { danger: opts.danger },
      onOk: () =>
        opts
          .run()
          .then(() => message.success(opts.done))
          .catch((e) => toastFailure(message, e)),
    });

  return (
    <Space size={0} wrap>
      {can.pause && (
        <Button
          type="link"
          onClick={() =>
            confirm({
              title: T.pauseTitle(task.rwmc),
              content: T.pauseContent,
              ok: T.pause,
              run: () => actions.pause.mutateAsync(task.id),
              done: M.paused,
            })
          }
        >
          {T.pause}
        </Button>
      )}
      {can.resume && (
        <Button
          type="link"
          onClick={() =>
            confirm({
              title: T.resumeTitle(task.rwmc),
              content: T.resumeContent,
              ok: T.resume,
              run: () => actions.resume.mutateAsync(task.id),
              done: M.resumed,
            })
          }
        >
          {T.resume}
        </Button>
      )}
      {can.finish && (
        <Button
          type="link"
          onClick={() =>
            confirm({
              title: T.finishTitle(task.rwmc),
              content: T.finishContent,
              ok: T.finish,
              danger: true,
              run: () => actions.finish.mutateAsync(task.id),
              done: M.finished,
            })
          }
        >
          {T.finish}
        </Button>
      )}
      {can.delete && (
        <Button
          type="link"
          danger
          onClick={() =>
            confirm({
              title: T.deleteTitle(task.rwmc),
              content: T.deleteContent,
              ok: T.delete,
              danger: true,
              run: async () => {
                await actions.remove.mutateAsync(task.id);
                onDeleted?.();
              },
              done: M.deleted,
            })
          }
        >
          {T.delete}
        </Button>
      )}
    </Space>
  );
}
