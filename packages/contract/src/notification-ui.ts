/** Every word the notification centre shows (the bell in the header and its drawer). */
export const NOTIFICATION_TEXT = {
  bell: '消息通知',
  bellLabel: (n: number) => (n ? `消息通知，${n} 条未读` : '消息通知，没有未读消息'),
  drawerTitle: '消息通知',
  all: '全部',
  unread: '未读',
  filterLabel: '显示的消息',
  markRead: '标为已读',
  markAllRead: '全部标为已读',
  markAllConfirm: '将全部未读消息标为已读？',
  read: '已读',
  unreadTag: '未读',
  open: '查看',
  empty: '暂无消息',
  emptyUnread: '没有未读消息',
  listLabel: '消息列表',
  total: (n: number) => `共 ${n} 条`,
} as const;
