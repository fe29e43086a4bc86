import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Notification, NOTIFICATION_TEXT as T } from '@zg/contract';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures';
import { renderPageAs, stubApi } from '../../test/pages';
import { NotificationBell } from './NotificationBell';
import { targetOf } from './notification.logic';

const item = (over: Partial<Notification>): Notification => ({
  id: 1,
  kind: 'urge',
  kindName: '督办',
  title: '督办：预警任务“课程建设”',
  body: '张三督办：请尽快补报',
  link: '/targetTaskManagement/urge',
  createdAt: '2026-11-28 09:00:00',
  readAt: null,
  ...over,
});

function serve(records: Notification[]) {
  let items = records;
  const unread = () => items.filter((n) => !n.readAt).length;
  return stubApi({
    '/api/notification/unreadCount': () => ok({ unread: unread() }),
    '/api/notification/list': (_init, url) => {
      const list = url.searchParams.get('unread') === 'true' ? items.filter((n) => !n.readAt) : items;
      return ok({ records: list, total: list.length, current: 1, pages: 1, size: 10 });
    },
    '/api/notification/read': (init) => {
      const id = Number(new URLSearchParams(String(init.body)).get('id'));
      items = items.map((n) => (n.id === id ? { ...n, readAt: '2026-11-28 10:00:00' } : n));
      return ok({ unread: unread() });
    },
    '/api/notification/readAll': () => {
      const count = unread();
      items = items.map((n) => ({ ...n, readAt: n.readAt ?? '2026-11-28 10:00:00' }));
      return ok({ count });
    },
  });
}

function renderBell() {
  // The bell stays in the header while the page under it changes.
  return renderPageAs(
    <>
      <NotificationBell />
      <Routes>
        <Route path="/index" element={<div>首页</div>} />
        <Route path="/targetTaskManagement/urge" element={<div>督办页面</div>} />
      </Routes>
    </>,
    undefined,
    '/index',
  );
}

describe('NotificationBell', () => {
  it('shows the unread count, lists the unread items, marks one read and the count follows', async () => {
    const api = serve([
      item({ id: 1 }),
      item({ id: 2, title: '任务预警：课程建设', kind: 'taskWarning', kindName: '任务预警' }),
      item({ id: 3, title: '旧消息', readAt: '2026-11-01 08:00:00' }),
    ]);
    renderBell();
    const bell = await screen.findByRole('button', { name: T.bellLabel(2) });
    expect(within(bell).getByText('2')).toBeTruthy();
    fireEvent.click(bell);
    const list = await screen.findByRole('list', { name: T.listLabel });
    expect(within(list).getAllByTestId('notification-item')).toHaveLength(2);
    expect(within(list).queryByText('旧消息')).toBeNull();
    expect(api.calls('/api/notification/list').at(-1)?.searchParams.get('unread')).toBe('true');

    fireEvent.click(within(list).getAllByRole('button', { name: T.markRead })[1]!);
    await waitFor(() => expect(api.posted('/api/notification/read')[0]?.get('id')).toBe('2'));
    expect(await screen.findByRole('button', { name: T.bellLabel(1) })).toBeTruthy();

    // 全部 shows the read ones too, without the 未读 mark.
    fireEvent.click(screen.getByText(T.all));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(3));
    expect(screen.getByText('旧消息')).toBeTruthy();
  });

  it('follows an item to its record, marking it read, and marks all read after a confirmation', async () => {
    const api = serve([item({ id: 7 }), item({ id: 8, title: '第二条' })]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: T.bellLabel(2) }));
    fireEvent.click(await screen.findByText('督办：预警任务“课程建设”'));
    expect(await screen.findByText('督办页面')).toBeTruthy();
    await waitFor(() => expect(api.posted('/api/notification/read')[0]?.get('id')).toBe('7'));
    expect(await screen.findByRole('button', { name: T.bellLabel(1) })).toBeTruthy();
  });

  it('marks all read after a confirmation, and says so when nothing is unread', async () => {
    const api = serve([item({ id: 9 }), item({ id: 10, title: '第二条' })]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: T.bellLabel(2) }));
    await screen.findByRole('list', { name: T.listLabel });
    fireEvent.click(screen.getByRole('button', { name: T.markAllRead }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.calls('/api/notification/readAll')).toHaveLength(1));
    expect(await screen.findByText(T.emptyUnread)).toBeTruthy();
    expect(await screen.findByRole('button', { name: T.bellLabel(0) })).toBeTruthy();
  });
});

describe('targetOf', () => {
  it("keeps the app's own paths only", () => {
    expect(targetOf('/targetTaskManagement/progressAudit?tab=delays')).toBe(
      '/targetTaskManagement/progressAudit?tab=delays',
    );
    for (const bad of [null, '', 'https://evil.example', '//evil.example/x', 'javascript:alert(1)', '/a b', '/a\\b'])
      expect(targetOf(bad), String(bad)).toBeNull();
  });
});
