import { ERROR_CODE, MSG, WEB_MSG } from '@zg/contract';
import { Modal, message } from 'antd';
import { browser, LOGIN_ADDRESS, SITE_ROOT } from './browser';
import type { ApiError } from './errors';
import { clearSession, getLoginRecord, subscribeLoginRecord } from './session';

// The error catalogue of spec-1 section 8: what the user is told when a call fails, whichever page made it.

const TIMEOUT_MESSAGE_KEY = 'request-timeout';

/** The session-expired dialog is open: later failures of the same ended session stay silent. */
let expiredNoticeOpen = false;
/** The retry question on screen, shared by every call that timed out while it is open. */
let retryPrompt: Promise<boolean> | null = null;

// A new sign-in is a new session, which may expire again in its turn.
subscribeLoginRecord(() => {
  if (getLoginRecord()) expiredNoticeOpen = false;
});

/**
 * Tells the user about a failed call as the catalogue says, and marks the error handled when it did.
 * `quiet` callers (sign-in, try-login, sign-out) report failures themselves; they still get the time-out warning.
 */
export function reportFailure(error: ApiError, quiet: boolean): void {
  if (error.reason === 'timeout') {
    // One warning at a time: the shared key replaces a warning still on screen.
    message.warning({ key: TIMEOUT_MESSAGE_KEY, content: MSG.requestTimeout, duration: 3 });
  } else if (quiet) {
    return;
  } else if (error.status === 302) {
    showError(error.message);
    clearSession();
    browser.assign(SITE_ROOT);
  } else if (error.status === 401 && error.code === ERROR_CODE.sessionExpired) {
    showSessionExpired();
  } else if (error.status === 401 || error.message === MSG.noPermission) {
    showError(error.message);
  } else {
    return;
  }
  error.handled = true;
}

/** "Again" mode: asks 请求超时，是否重试？ once for all calls that time out meanwhile; true means resend. */
export function askRetry(): Promise<boolean> {
  if (!retryPrompt) {
    retryPrompt = new Promise<boolean>((resolve) => {
      Modal.confirm({
        title: MSG.requestTimeoutRetry,
        okText: WEB_MSG.retry,
        cancelText: WEB_MSG.cancel,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    }).finally(() => {
      retryPrompt = null;
    });
  }
  return retryPrompt;
}

function showError(text: string) {
  // Keyed by its text: the same failure of several calls at once is one toast.
  message.error({ key: text, content: text });
}

/** Shown once however many calls fail together; the only way on is to sign in again. */
function showSessionExpired() {
  if (expiredNoticeOpen) return;
  expiredNoticeOpen = true;
  Modal.warning({
    title: WEB_MSG.sessionExpiredTitle,
    content: WEB_MSG.sessionExpiredContent,
    okText: WEB_MSG.relogin,
    keyboard: false,
    onOk: () => {
      expiredNoticeOpen = false;
      clearSession();
      browser.assign(LOGIN_ADDRESS);
    },
  });
}
