import { PROGRESS_MSG, PROGRESS_TEXT as T } from '@zg/contract';
import { App, Button } from 'antd';
import { toastFailure } from '../../../api/feedback';
import { useFocusList, useToggleFocus } from './warning.api';

/** A star outline, filled when the task is followed. */
function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** 关注: follow or unfollow a task. */
export function FocusButton({ taskId, size = 'small' }: { taskId: number; size?: 'small' | 'middle' }) {
  const { message } = App.useApp();
  const list = useFocusList();
  const toggle = useToggleFocus();
  const on = list.data?.taskIds.includes(taskId) ?? false;
  return (
    <Button
      size={size}
      type={on ? 'primary' : 'default'}
      ghost={on}
      icon={<StarIcon filled={on} />}
      loading={toggle.isPending}
      disabled={list.isPending}
      aria-pressed={on}
      onClick={() =>
        toggle.mutateAsync({ taskId, focus: !on }).then(
          () => message.success(on ? PROGRESS_MSG.unfocused : PROGRESS_MSG.focused),
          (e) => toastFailure(message, e),
        )
      }
    >
      {on ? T.focusedLabel : T.focus}
    </Button>
  );
}
