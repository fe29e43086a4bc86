import { DIAGNOSIS_TEXT as T } from '@zg/contract';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { toastFailure } from '../../../api/feedback';

export interface ConfirmOptions<R> {
  title: string;
  content: ReactNode;
  /** The confirming button's text (the action's name). */
  ok: string;
  danger?: boolean;
  run: () => Promise<R>;
  /** The toast once done: a text, or one made from the answer. */
  done: string | ((answer: R) => string);
}

/**
 * A confirmation before an action (destructive ones in red): the action runs on the confirming button, which spins
 * until the server answers; then the `done` toast, or the server's Chinese message on a failure.
 */
export function useConfirm() {
  const { modal, message } = App.useApp();
  return <R>(o: ConfirmOptions<R>) =>
    modal.confirm({
      title: o.title,
      content: o.content,
      okText: o.ok,
      cancelText: T.cancel,
      okButtonProps: { danger: o.danger },
      onOk: () =>
        o
          .run()
          .then((answer) => {
            message.success(typeof o.done === 'string' ? o.done : o.done(answer));
          })
          .catch((e) => toastFailure(message, e)),
    });
}
