import { type Notification, NOTIFICATION_TEXT as T } from '@zg/contract';
import { Button, Drawer, Pagination, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ItemList } from '../../components/ItemList';
import { LoadError } from '../../components/LoadError';
import { useMarkRead, useNotifications } from './notification.api';
import { NOTIFICATION_PAGE_SIZE, targetOf } from './notification.logic';

/**
 * The notification centre: the user's items, newest first, all or unread only, paged; one marked read, or all at
 * once; an item's title opens its record (and marks it read).
 */
export default function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [unread, setUnread] = useState(true);
  const [current, setCurrent] = useState(1);
  const list = useNotifications({ current, size: NOTIFICATION_PAGE_SIZE, unread });
  const { one, all } = useMarkRead();
  const navigate = useNavigate();
  const page = list.data;

  const follow = (n: Notification) => {
    if (!n.readAt) one.mutate(n.id);
    const to = targetOf(n.link);
    onClose();
    if (to) navigate(to);
  };

  const items = (page?.records ?? []).map((n) => ({
    key: n.id,
    testId: 'notification-item',
    title: (
      <Space size={6} wrap>
        {!n.readAt && <Tag color="red">{T.unreadTag}</Tag>}
        <Tag>{n.kindName}</Tag>
        {targetOf(n.link) ? (
          <Typography.Link onClick={() => follow(n)} className="zg-notification__title">
            {n.title}
          </Typography.Link>
        ) : (
          <Typography.Text strong={!n.readAt}>{n.title}</Typography.Text>
        )}
      </Space>
    ),
    description: (
      <>
        {n.body && <div className="zg-notification__body">{n.body}</div>}
        <Typography.Text type="secondary">{n.createdAt}</Typography.Text>
      </>
    ),
    actions: [
      !n.readAt && (
        <Button key="read" size="small" type="link" onClick={() => one.mutate(n.id)} loading={one.isPending}>
          {T.markRead}
        </Button>
      ),
    ],
  }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={T.drawerTitle}
      size={480}
      className="zg-notification__drawer"
      extra={
        <Popconfirm title={T.markAllConfirm} onConfirm={() => all.mutateAsync()}>
          <Button size="small" loading={all.isPending}>
            {T.markAllRead}
          </Button>
        </Popconfirm>
      }
    >
      <Segmented
        aria-label={T.filterLabel}
        value={unread ? 'unread' : 'all'}
        options={[
          { value: 'unread', label: T.unread },
          { value: 'all', label: T.all },
        ]}
        onChange={(v) => {
          setUnread(v === 'unread');
          setCurrent(1);
        }}
      />
      {list.isError && !page ? (
        <LoadError error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <ItemList
          aria-label={T.listLabel}
          className="zg-notification__list"
          items={items}
          loading={list.isFetching}
          empty={unread ? T.emptyUnread : T.empty}
        />
      )}
      {page && page.total > NOTIFICATION_PAGE_SIZE && (
        <Pagination
          size="small"
          align="end"
          current={current}
          pageSize={NOTIFICATION_PAGE_SIZE}
          total={page.total}
          showTotal={T.total}
          showSizeChanger={false}
          onChange={setCurrent}
        />
      )}
    </Drawer>
  );
}
