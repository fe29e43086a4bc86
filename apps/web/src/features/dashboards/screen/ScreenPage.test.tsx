import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/attachments';
import { failed, loginRecord, mockApi, ok } from '../../../test/fixtures';
import ScreenPage from './ScreenPage';

const SCREEN = '/api/herm-xxjk/schoolScreen/querySchoolScreen';
const page = (url = '/dataScreen') => (
  <MemoryRouter initialEntries={[url]}>
    <ScreenPage />
  </MemoryRouter>
);

describe('ScreenPage states', { timeout: 30_000 }, () => {
  it('shows 暂无可查看的大屏 as an empty state (not a load error) to a user who may see no screen', async () => {
    mockApi({ [SCREEN]: () => failed(404, '暂无可查看的大屏') });
    renderUi(page(), { ...loginRecord, roleIdList: ['schoolLeader'] });
    expect(await screen.findByText('暂无可查看的大屏', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: '新建大屏' })).toBeNull();
  });

  it('offers a keeper 新建大屏 in the empty state', async () => {
    mockApi({ [SCREEN]: () => failed(404, '暂无可查看的大屏'), '/api/herm-sjgl/ybp/list': () => ok([]) });
    renderUi(page());
    expect(await screen.findByRole('button', { name: '新建大屏' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows a load error with 重试 when a named screen cannot be loaded', async () => {
    mockApi({ [SCREEN]: () => failed(500, '服务器开小差了') });
    renderUi(page('/dataScreen?id=7'));
    // The page's own error (a 500 may also raise a toast with the same words: the alert is the page's).
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText('服务器开小差了')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: /重\s?试/ })).toBeTruthy();
  });
});
