import { type StandardChange, STANDARD_TEXT as T } from '@zg/contract';
import { Alert, App, Button, Space, type TableColumnsType, Tag } from 'antd';
import { errorText } from '../../../api/errors';
import { ListTable } from '../../../components/ListTable';
import { useRecycle, useStandardActions } from '../standard.api';

type Entry = NonNullable<ReturnType<typeof useRecycle>['data']>[number];

/**
 * 回收站: the deleted systems and catalogue subtrees of the systems the user may edit; 恢复 brings a whole deletion
 * back, 彻底删除 (after a confirmation) removes it for good.
 */
export function RecyclePanel({ onChange }: { onChange: (change: StandardChange) => void }) {
  const { message, modal } = App.useApp();
  const entries = useRecycle(undefined);
  const { recover, purge } = useStandardActions();

  const columns: TableColumnsType<Entry> = [
    {
      title: T.subjectKind,
      dataIndex: 'kind',
      width: 100,
      render: (k: Entry['kind']) => (k === 'system' ? <Tag color="orange">{T.system}</Tag> : <Tag>{T.node}</Tag>),
    },
    { title: T.name, dataIndex: 'name' },
    { title: T.ofSystem, dataIndex: 'systemName' },
    { title: T.nodeCount, dataIndex: 'nodeCount', width: 80 },
    { title: T.deletedAt, dataIndex: 'deletedAt', width: 170 },
    { title: T.deletedBy, dataIndex: 'deletedBy', width: 100, render: (v: string | null) => v ?? T.dash },
    {
      title: T.actions,
      width: 160,
      render: (_, e) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            loading={recover.isPending && recover.variables === e.batchId}
            onClick={() => recover.mutate(e.batchId, { onSuccess: (change) => onChange(change) })}
          >
            {T.recover}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: T.purgeTitle(e.name),
                content: T.purgeContent,
                okText: T.purge,
                okButtonProps: { danger: true },
                cancelText: T.cancel,
                onOk: async () => {
                  await purge.mutateAsync(e.batchId);
                  message.success(T.purged);
                },
              })
            }
          >
            {T.purge}
          </Button>
        </Space>
      ),
    },
  ];

  if (entries.isError) return <Alert type="error" showIcon title={errorText(entries.error, T.recycleFailed)} />;
  return (
    <ListTable<Entry>
      size="small"
      rowKey="batchId"
      aria-label={T.recycle}
      loading={entries.isPending}
      columns={columns}
      rows={entries.data}
      pager="local"
      empty={T.emptyRecycle}
    />
  );
}
