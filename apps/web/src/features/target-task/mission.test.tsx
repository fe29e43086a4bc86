import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TASK_MSG } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/attachments';
import { loginRecord, mockApi, ok } from '../../test/fixtures';
import { MissionDialog } from './components/SmallDialogs';

vi.setConfig({ testTimeout: 20_000 });

const N = '/api/herm-ndwbs';

describe('任务书', () => {
  it('saving confirms with a toast and closes', async () => {
    const sent: unknown[] = [];
    const onClose = vi.fn();
    mockApi({
      [`${N}/missionStatement/7`]: () =>
        ok({ taskId: 7, rwmc: '课程思政示范课建设', mission: '旧的任务书', version: 2, canEdit: true }),
      [`${N}/missionStatement/update`]: (init) => {
        sent.push(Object.fromEntries(new URLSearchParams(String(init.body))));
        return ok(null, TASK_MSG.missionSaved);
      },
    });
    renderUi(<MissionDialog taskId={7} onClose={onClose} />, loginRecord);
    const dialog = await screen.findByRole('dialog');
    const text = await within(dialog).findByDisplayValue('旧的任务书');
    fireEvent.change(text, { target: { value: '建设5门课程思政示范课' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(TASK_MSG.missionSaved)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ taskId: '7', version: '2', mission: '建设5门课程思政示范课' });
  });
});
