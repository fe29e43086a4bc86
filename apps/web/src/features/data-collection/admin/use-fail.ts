import { App } from 'antd';
import { toastFailure } from '../../../api/feedback';

/** Reports a failure the request client has not reported already (the server's Chinese message). */
export function useFail() {
  const { message } = App.useApp();
  return (error: unknown) => toastFailure(message, error);
}
