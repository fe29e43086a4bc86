import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { failed, mockApi, ok } from '../../test/fixtures';
import { RecordHistoryButton, readableDetail } from './RecordHistory';

const ENTRY = {
  id: '42',
  at: '2026-11-20 09:30:00',
  actorId: 'shr01',
  actorName: '周审核',
  action: 'targetTask.audit.pass',
  entityType: 'targetTask',
  entityId: '7',
  detail: '{"version":5,"reason":"材料齐全"}',
};

describe('RecordHistoryButton', () => {
  it("asks for the record's history only when opened, and shows who did what and when", async () => {
    const fetchMock = mockApi({ '/api/recordHistory': () => ok([ENTRY]) });
    renderUi(<RecordHistoryButton record={{ entityType: 'targetTask', entityId: 7 }} />);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '操作记录' }));
    const dialog = await screen.findByRole('dialog', { name: '操作记录' });
    const row = (await within(dialog).findByText('2026-11-20 09:30:00')).closest('tr')!;
    expect(row.textContent).toContain('周审核（shr01）');
    expect(row.textContent).toContain('version：5；reason：材料齐全');
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('entityType')).toBe('targetTask');
    expect(url.searchParams.get('entityId')).toBe('7');
  });

  it('says so when there is nothing, and shows the server message when it refuses', async () => {
    mockApi({ '/api/recordHistory': () => ok([]) });
    const { unmount } = renderUi(<RecordHistoryButton record={{ entityType: 'standard', entityId: 3 }} />);
    fireEvent.click(screen.getByRole('button', { name: '操作记录' }));
    expect(await screen.findByText('暂无操作记录')).toBeTruthy();
    unmount();
    mockApi({ '/api/recordHistory': () => failed(404, '记录不存在，或您无权查看它的操作记录') });
    renderUi(<RecordHistoryButton record={{ entityType: 'standard', entityId: 4 }} />);
    fireEvent.click(screen.getByRole('button', { name: '操作记录' }));
    const dialog = await screen.findByRole('dialog', { name: '操作记录' });
    expect(await within(dialog).findByText('记录不存在，或您无权查看它的操作记录')).toBeTruthy();
    // The page behind stays: the refusal is drawn in the dialog, not by the error boundary.
    expect(screen.getByRole('button', { name: '操作记录' })).toBeTruthy();
  });
});

describe('readableDetail', () => {
  it('reads JSON objects as key：value pairs and leaves anything else as written', () => {
    expect(readableDetail(null)).toBe('—');
    expect(readableDetail('{"a":"x","b":[1,2]}')).toBe('a：x；b：[1,2]');
    expect(readableDetail('"text"')).toBe('text');
    expect(readableDetail('not json')).toBe('not json');
  });
});
