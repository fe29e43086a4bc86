import { COLLECTION_TEXT as C } from '@zg/contract';
import { App, type ModalFuncProps } from 'antd';
import { useFail } from './use-fail';

/** How the administrator tabs answer an action: ask with 确定/取消 first, then toast what it did or why it failed. */
export function useAdminActions() {
  const { message, modal } = App.useApp();
  const fail = useFail();
  return {
    message,
    fail,
    /** Waits for `call`, says `success` (a text, or one made from the answer) and runs `then`; a failure is toasted. */
    report: <R>(call: Promise<R>, success: string | ((answer: R) => string), then?: (answer: R) => void) =>
      call.then((answer) => {
        message.success(typeof success === 'string' ? success : success(answer));
        then?.(answer);
      }, fail),
    /** A confirmation dialog; it stays open, its 确定 spinning, while the promise `onOk` returns is pending. */
    confirm: (config: ModalFuncProps) => modal.confirm({ okText: C.confirm, cancelText: C.cancel, ...config }),
  };
}
