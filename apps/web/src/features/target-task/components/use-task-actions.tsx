import { confirmAction, confirmDelete, TASK_UI as T, TASK_MSG, type TaskAction } from '@zg/contract';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { type TaskCard, useDeleteTasks, useTaskAction } from '../target-task.api';
import { ACTION_LABEL, type TaskCommand } from '../task-logic';
import { type DocumentOwner, DocumentsDialog } from './DocumentsDialog';
import { MissionDialog, ReasonDialog, ResolveDialog } from './SmallDialogs';
import { TaskDetailDrawer } from './TaskDetailDrawer';
import { TaskDialog } from './TaskDialog';

/**
 * Runs the commands of task cards and tree nodes: confirmations for the transitions, a reason for 退回 and
 * 审核不通过, an owner for 分解完成 of a task kept whole, what 继续分解 does, and the edit, child, mission, document and detail dialogs.
 * Failures are told by the request client (the server's Chinese message, 任务已被他人修改… when someone was first).
 */
export function useTaskActions(): { run: (card: TaskCard, command: TaskCommand) => void; dialogs: ReactNode } {
  const { modal, message } = App.useApp();
  const action = useTaskAction();
  const remove = useDeleteTasks();
  const [reason, setReason] = useState<{ card: TaskCard; action: 'goBack' | 'refuse' } | null>(null);
  const [resolving, setResolving] = useState<TaskCard | null>(null);
  const [editing, setEditing] = useState<{ card: TaskCard; mode: 'edit' | 'child' } | null>(null);
  const [mission, setMission] = useState<number | undefined>(undefined);
  const [documents, setDocuments] = useState<DocumentOwner | null>(null);
  const [detail, setDetail] = useState<number | undefined>(undefined);

  const transition = async (card: TaskCard, name: TaskAction, extra: { reason?: string; ownerId?: string } = {}) => {
    await action.mutateAsync({ action: name, id: card.id, version: card.version, ...extra });
    message.success(name === 'push' ? TASK_MSG.pushed : TASK_MSG.done);
  };

  const run = (card: TaskCard, command: TaskCommand) => {
    switch (command) {
      case 'goBack':
      case 'refuse':
        setReason({ card, action: command });
        return;
      case 'resolve':
        if (card.isLeaf) {
          setResolving(card);
          return;
        }
        break;
      case 'addChild':
        setEditing({ card, mode: 'child' });
        return;
      case 'edit':
        setEditing({ card, mode: 'edit' });
        return;
      case 'editMission':
        setMission(card.id);
        return;
      case 'documents':
        setDocuments({ ownerType: 'NodeTask', ownerId: card.id, name: card.rwmc });
        return;
      case 'detail':
        setDetail(card.id);
        return;
      case 'delete':
        modal.confirm({
          title: confirmDelete(T.task, card.rwmc),
          okText: T.confirm,
          cancelText: T.cancel,
          okButtonProps: { danger: true },
          onOk: () =>
            remove
              .mutateAsync([card.id])
              .then(() => message.success(T.deleted))
              .catch(() => undefined),
        });
        return;
      default:
        break;
    }
    const name = command as TaskAction;
    modal.confirm({
      title: confirmAction(ACTION_LABEL[name], card.rwmc),
      content: name === 'resolve' ? T.resolveWithChildren : name === 'decompose' ? T.decomposeHint : undefined,
      okText: T.confirm,
      cancelText: T.cancel,
      onOk: () => transition(card, name).catch(() => undefined),
    });
  };

  const dialogs = (
    <>
      <ReasonDialog
        open={reason !== null}
        title={reason ? `${ACTION_LABEL[reason.action]}：${reason.card.rwmc}` : ''}
        label={reason?.action === 'refuse' ? T.refuseReason : T.goBackReason}
        busy={action.isPending}
        onCancel={() => setReason(null)}
        onSubmit={(text) =>
          reason &&
          transition(reason.card, reason.action, { reason: text })
            .then(() => setReason(null))
            .catch(() => undefined)
        }
      />
      <ResolveDialog
        open={resolving !== null}
        task={resolving}
        busy={action.isPending}
        onCancel={() => setResolving(null)}
        onSubmit={(ownerId) =>
          resolving &&
          transition(resolving, 'resolve', { ownerId })
            .then(() => setResolving(null))
            .catch(() => undefined)
        }
      />
      {editing && (
        <TaskDialog
          open
          yearTargetId={editing.card.yearTargetId}
          taskId={editing.mode === 'edit' ? editing.card.id : undefined}
          parent={editing.mode === 'child' ? editing.card : null}
          onClose={() => setEditing(null)}
        />
      )}
      <MissionDialog taskId={mission} onClose={() => setMission(undefined)} />
      <DocumentsDialog owner={documents} onClose={() => setDocuments(null)} />
      <TaskDetailDrawer taskId={detail} onClose={() => setDetail(undefined)} onCommand={run} />
    </>
  );
  return { run, dialogs };
}
