import { render } from '@testing-library/react';
import type { Attachment } from '@zg/contract';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { setLoginRecord } from '../api/session';
import { Providers } from '../app/Providers';
import { QueryBoundary } from '../components/QueryBoundary';
import { loginRecord } from './fixtures';
import { freshQueryClient } from './render';

/** An attachment as files/list answers it. */
export function attachment(over: Partial<Attachment> = {}): Attachment {
  return {
    fileId: '11111111-1111-4111-8111-111111111111',
    fileName: '方案.pdf',
    fileType: '内部支撑文件',
    stage: 'standard',
    size: 1024,
    url: '',
    previewUrl: null,
    uploaderName: '何静',
    createTime: '2026-03-01T08:00:00.000Z',
    canDelete: true,
    ...over,
  };
}

/** Renders with the app's providers, signed in. */
export function renderUi(ui: ReactNode, record = loginRecord) {
  setLoginRecord(record);
  return render(
    <Providers queryClient={freshQueryClient()}>
      <QueryBoundary>{ui}</QueryBoundary>
    </Providers>,
  );
}

/** A stand-in for XMLHttpRequest answering every upload with `reply`. */
export function stubXhr(reply: (form: FormData) => { status: number; body: unknown }) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      sent.push(form);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        const { status, body } = reply(form);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
