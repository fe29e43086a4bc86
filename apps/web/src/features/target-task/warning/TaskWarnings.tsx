import { PROGRESS_MSG, PROGRESS_TEXT as T, WARNING_KIND, type WarningKind } from '@zg/contract';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { toastFailure } from '../../../api/feedback';
import { ItemList } from '../../../components/ItemList';
import { useLoginRecord } from '../../../session/login-record';
import { isPublisher } from './counts';
import { useDeleteWarning, useTaskWarnings } from './warning.api';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** The warnings of a task (getDetailWarning), open ones first; publishers may delete one (delDetailWarning). */
export function TaskWarnings({ taskId }: { taskId: number }) {
  const record = useLoginRecord();
  const { message } = App.useApp();
  const warnings = useTaskWarnings(taskId);
  const remove = useDeleteWarning();
  const canDelete = record ? isPublisher(record.roleIdList) : false;
  return (
    <ItemList
      className="zg-task-warnings"
      loading={warnings.isPending}
      items={(warnings.data ?? []).map((w) => ({
        key: w.id,
        testId: 'warning-record',
        title: (
          <Space wrap>
            <Tag color={w.kind === 'final' ? 'red' : 'orange'}>{WARNING_KIND[w.kind as WarningKind]}</Tag>
            <Typography.Text>{w.label}</Typography.Text>
            <Tag color={w.open ? 'error' : 'default'}>{w.dismissed ? T.dismissed : w.open ? T.open : T.closed}</Tag>
          </Space>
        ),
        description: `${w.yjlxmc} · ${T.raisedAt} ${time(w.raisedAt)}${w.closedAt ? ` · ${T.closedAt} ${time(w.closedAt)}` : ''}`,
        actions:
          canDelete && !w.dismissed
            ? [
                <Popconfirm
                  key="delete"
                  title={T.deleteWarningConfirm}
                  okText={T.confirm}
                  cancelText={T.cancel}
                  onConfirm={() =>
                    remove.mutateAsync(w.id).then(
                      () => message.success(PROGRESS_MSG.warningDeleted),
                      (e) => toastFailure(message, e),
                    )
                  }
                >
                  <Button type="link" size="small" danger>
                    {T.deleteWarning}
                  </Button>
                </Popconfirm>,
              ]
            : [],
      }))}
    />
  );
}
