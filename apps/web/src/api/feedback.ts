import { MSG } from '@zg/contract';
import type { MessageInstance } from 'antd/es/message/interface';
import { ApiError } from './client';

/** Tells the user why a call failed (the server's Chinese message), unless the request catalogue already did. */
export function toastFailure(message: MessageInstance, error: unknown) {
  if (error instanceof ApiError && error.handled) return;
  message.error(error instanceof Error && error.message ? error.message : MSG.serverError);
}
