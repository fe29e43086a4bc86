import { NOTIFICATION_TEXT as T } from '@zg/contract';
import { Badge } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { BellIcon } from '../../components/icons';
import { useUnreadCount } from './notification.api';
import './notification.css';

const NotificationDrawer = lazy(() => import('./NotificationDrawer'));

/** The header's bell: the unread count (one indexed count, asked each minute), opening the centre's drawer. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const count = useUnreadCount();
  const unread = count.data?.unread ?? 0;
  return (
    <>
      <button
        type="button"
        className="zg-notification__bell"
        aria-label={T.bellLabel(unread)}
        title={T.bell}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        onClick={() => setOpen(true)}
      >
        <Badge count={unread} overflowCount={99} size="small" offset={[2, -2]} className="zg-notification__badge">
          <BellIcon className="zg-notification__icon" aria-hidden="true" />
        </Badge>
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
