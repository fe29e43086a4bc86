import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROGRESS_MSG, PROGRESS_TEXT as T } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { failed, mockApi, ok } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { DelayAuditDialog, DelayDialog } from './ReportDialogs';

const NDWBS = '/api/herm-ndwbs';

/** The form bodies the dialogs sent to `path` (the client posts form-urlencoded). */
function sent(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => new URL(String(url), 'http://x').pathname === path)
    .map(([, init]) => Object.fromEntries(new URLSearchParams(String((init as RequestInit).body))));
}

const confirm = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

describe('申请延期', () => {
  it('asks for the new end and a reason, sends them, and closes with 提交成功', async () => {
    const fetchMock = mockApi({ [`${NDWBS}/delayAuditing/insert`]: () => ok(null) });
    let closed = 0;
    renderPage(<DelayDialog open taskId={42} endDate="2026-06-30" onClose={() => closed++} />, '/t');
    const dialog = await screen.findByRole('dialog', { name: T.requestDelay });
    expect(within(dialog).getByText(T.oldEndDate('2026-06-30'))).toBeTruthy();

    confirm(dialog);
    expect(await within(dialog).findByText(T.chooseNewEnd)).toBeTruthy();
    expect(within(dialog).getByText(T.enterDelayReason)).toBeTruthy();
    expect(sent(fetchMock, `${NDWBS}/delayAuditing/insert`)).toEqual([]);

    const date = within(dialog).getByRole('textbox', { name: T.newEndDate });
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2026-08-31' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    fireEvent.change(within(dialog).getByLabelText(T.delayReason), { target: { value: '教材延期到货' } });
    confirm(dialog);
    await waitFor(() => expect(closed).toBe(1));
    expect(sent(fetchMock, `${NDWBS}/delayAuditing/insert`)).toEqual([
      { taskId: '42', newEndDate: '2026-08-31', reason: '教材延期到货' },
    ]);
    expect(await screen.findByText(PROGRESS_MSG.submitted)).toBeTruthy();
  });
});

describe('审核延期', () => {
  it('needs a reason to reject, keeps the dialog and what was typed when the server refuses, then closes', async () => {
    let answer: ReturnType<typeof ok> = failed(409, '该延期申请已被审核');
    const fetchMock = mockApi({ [`${NDWBS}/delayAuditing/audit`]: () => answer });
    let closed = 0;
    renderPage(<DelayAuditDialog delayId={9} onClose={() => closed++} />, '/t');
    const dialog = await screen.findByRole('dialog', { name: T.auditDelay });

    fireEvent.click(within(dialog).getByLabelText(T.reject));
    confirm(dialog);
    expect(await within(dialog).findByText(PROGRESS_MSG.reasonRequired)).toBeTruthy();
    expect(sent(fetchMock, `${NDWBS}/delayAuditing/audit`)).toEqual([]);

    const reason = within(dialog).getByLabelText(T.auditReason);
    fireEvent.change(reason, { target: { value: '理由不充分' } });
    confirm(dialog);
    expect(await screen.findByText('该延期申请已被审核')).toBeTruthy();
    expect(closed).toBe(0);
    expect((reason as HTMLTextAreaElement).value).toBe('理由不充分');

    answer = ok(null);
    confirm(dialog);
    await waitFor(() => expect(closed).toBe(1));
    expect(sent(fetchMock, `${NDWBS}/delayAuditing/audit`)).toEqual([
      { id: '9', pass: 'false', reason: '理由不充分' },
      { id: '9', pass: 'false', reason: '理由不充分' },
    ]);
    expect(await screen.findByText(PROGRESS_MSG.audited)).toBeTruthy();
  });
});
