import { WEB_MSG } from '@zg/contract';
import { Modal, message } from 'antd';
import { isChunkLoadError } from './chunk-errors';
import { ApiError, isAbort } from './errors';

let offeringReload = false;

/** A new version was deployed and this tab cannot load a part of the old one: offer to reload, once. */
function offerReload(): void {
  if (offeringReload) return;
  offeringReload = true;
  Modal.confirm({
    title: WEB_MSG.newVersionTitle,
    content: WEB_MSG.newVersionHint,
    okText: WEB_MSG.reloadNow,
    cancelText: WEB_MSG.cancel,
    onOk: () => window.location.reload(),
    afterClose: () => {
      offeringReload = false;
    },
  });
}

/**
 * Spec-1 section 8: an error nobody handled ends up here and is shown as an error toast, once. Errors the request
 * client already told the user about, and cancellations, stay silent.
 */
export function reportUnhandled(error: unknown): void {
  if (isAbort(error)) return;
  if (isChunkLoadError(error)) {
    offerReload();
    return;
  }
  if (error instanceof ApiError) {
    if (error.handled) return;
    error.handled = true;
  }
  // Only the API's messages are written for users; anything else gets the generic Chinese one.
  const text = error instanceof ApiError ? error.message : WEB_MSG.unexpectedError;
  message.error({ key: text, content: text });
}

/** Listens for unhandled promise rejections and uncaught errors; returns the function that stops listening. */
export function installGlobalErrorHandler(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    reportUnhandled(event.reason);
    // Reported to the user; the console would only repeat it.
    event.preventDefault();
  };
  const onError = (event: ErrorEvent) => {
    // Without an error object it is the browser's own notice (such as a ResizeObserver loop), not a fault of ours.
    if (event.error != null) reportUnhandled(event.error);
  };
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}
