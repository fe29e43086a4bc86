import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, SHELL_TEXT as T } from '@zg/contract';
import { Select, Spin } from 'antd';
import { type CSSProperties, useMemo, useRef, useState } from 'react';
import { searchUsers, type UserListItem } from '../../api/user';
import { useDebouncedValue } from './use-debounced-value';

/** How a user reads in the picker: 工号 then name (spec-1 section 2). */
export function userLabel(user: UserListItem): string {
  return `${user.userId} ${user.userName}`;
}

interface CommonProps {
  /** Users already known (those of an existing record), so their values show with names before any search. */
  users?: readonly UserListItem[];
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  className?: string;
  style?: CSSProperties;
  status?: '' | 'error' | 'warning';
  'aria-label'?: string;
}

interface SingleProps extends CommonProps {
  multiple?: false;
  value?: string | null;
  /** The chosen 工号 and its user; both undefined when cleared. */
  onChange?: (userId: string | undefined, user: UserListItem | undefined) => void;
}

interface MultipleProps extends CommonProps {
  multiple: true;
  value?: string[] | null;
  onChange?: (userIds: string[], users: UserListItem[]) => void;
}

export type UserPickerProps = SingleProps | MultipleProps;

/**
 * Spec-1 sections 2, 5, 7, 8 and 9: a searchable list of users shown as 工号 and name. Typing searches the server
 * (`/api/user/search`, page 1 of 100) once the input has rested for 300 ms; a failed search shows meta.message.
 */
export function UserPicker(props: UserPickerProps) {
  const { users, placeholder = T.userPickerPlaceholder, disabled, allowClear = true } = props;
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const settled = useDebouncedValue(term, LIMITS.userPickerDebounceMs);

  const search = useQuery({
    queryKey: ['user-search', settled.trim()],
    queryFn: ({ signal }) => searchUsers(settled, signal),
    enabled: open && !disabled,
    staleTime: 60_000,
    retry: false,
    // A failed search shows the server's message as a toast (the query client's), the field stays usable.
    throwOnError: false,
    // The last results stay listed while the next search runs.
    placeholderData: keepPreviousData,
  });

  // Every user seen (given or found), to name the chosen values whatever the current search shows.
  const known = useRef(new Map<string, UserListItem>());
  for (const u of users ?? []) known.current.set(u.userId, u);
  for (const u of search.data ?? []) known.current.set(u.userId, u);

  const options = useMemo(
    () =>
      (search.data ?? []).map((u) => ({
        value: u.userId,
        label: (
          <span className="zg-user-option">
            <span className="zg-user-option__id">{u.userId}</span>
            <span className="zg-user-option__name">{u.userName}</span>
          </span>
        ),
        title: userLabel(u),
      })),
    [search.data],
  );
  const nameOf = (userId: string) => {
    const u = known.current.get(userId);
    return u ? userLabel(u) : userId;
  };
  const waiting = open && (search.isFetching || term !== settled);

  const common = {
    id: props.id,
    className: ['zg-user-picker', props.className].filter(Boolean).join(' '),
    style: props.style,
    status: props.status,
    'aria-label': props['aria-label'],
    placeholder,
    disabled,
    allowClear,
    options,
    open,
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (!next) setTerm('');
    },
    showSearch: { filterOption: false, onSearch: setTerm, searchValue: term },
    labelRender: ({ value }: { value: string | number }) => nameOf(String(value)),
    loading: waiting,
    notFoundContent: waiting ? <Spin size="small" /> : T.noMatchedUsers,
    popupMatchSelectWidth: false,
  } as const;

  if (props.multiple) {
    const onChange = props.onChange;
    return (
      <Select<string[]>
        {...common}
        mode="multiple"
        value={props.value ?? []}
        onChange={(ids) =>
          onChange?.(
            ids,
            ids.flatMap((id) => known.current.get(id) ?? []),
          )
        }
      />
    );
  }
  const onChange = props.onChange;
  return (
    <Select<string>
      {...common}
      value={props.value ?? undefined}
      onChange={(id) => onChange?.(id ?? undefined, id ? known.current.get(id) : undefined)}
    />
  );
}
