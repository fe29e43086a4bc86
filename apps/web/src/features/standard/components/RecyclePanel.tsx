import type { StandardChange } from '@zg/contract';
import { Alert, App, Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { errorText } from '../../../api/errors';
import { EmptyState } from '../../../components/EmptyState';
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
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      render: (k: Entry['kind']) => (k === 'system' ? <Tag color="orange">目标标准</Tag> : <Tag>目录节点</Tag>),
    },
    { title: '名称', dataIndex: 'name' },
    { title: '所属目标标准', dataIndex: 'systemName' },
    { title: '节点数', dataIndex: 'nodeCount', width: 80 },
    { title: '删除时间', dataIndex: 'deletedAt', width: 170 },
    { title: '删除人', dataIndex: 'deletedBy', width: 100, render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      width: 160,
      render: (_, e) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            loading={recover.isPending && recover.variables === e.batchId}
            onClick={() => recover.mutate(e.batchId, { onSuccess: (change) => onChange(change) })}
          >
            恢复
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: `彻底删除“${e.name}”？`,
                content: '彻底删除后不可恢复。',
                okText: '彻底删除',
                okButtonProps: { danger: true },
                cancelText: '取消',
                onOk: async () => {
                  await purge.mutateAsync(e.batchId);
                  message.success('已彻底删除');
                },
              })
            }
          >
            彻底删除
          </Button>
        </Space>
      ),
    },
  ];

  if (entries.isError) return <Alert type="error" showIcon title={errorText(entries.error, '回收站加载失败')} />;
  return (
    <Table<Entry>
      size="small"
      rowKey="batchId"
      aria-label="回收站"
      loading={entries.isPending}
      columns={columns}
      dataSource={entries.data ?? []}
      pagination={(entries.data?.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: <EmptyState description="回收站为空" /> }}
    />
  );
}
