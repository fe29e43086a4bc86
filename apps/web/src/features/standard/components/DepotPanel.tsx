import type { StandardChange, StandardNode, StandardSystem } from '@zg/contract';
import { DIMENSIONS } from '@zg/contract';
import { Alert, App, Button, Form, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { useDepot, useDepotItem, useStandardActions } from '../standard.api';
import { KIND_NAMES, standardValueText, warningText } from '../standard.logic';

type DepotItem = NonNullable<ReturnType<typeof useDepot>['data']>[number];
type Snapshot = NonNullable<DepotItem['snapshot']>;

/** The saved QCP with its indicators, each with its standard value and warning rule. */
function SnapshotTree({ id }: { id: number }) {
  const item = useDepotItem(id);
  if (item.isPending) return <Typography.Text type="secondary">加载中…</Typography.Text>;
  if (item.isError) return <Alert type="error" showIcon title={errorText(item.error, '任务库条目加载失败')} />;
  const lines: { key: string; depth: number; node: Snapshot }[] = [];
  const walk = (n: Snapshot, depth: number, key: string) => {
    lines.push({ key, depth, node: n });
    for (const [i, c] of n.children.entries()) walk(c, depth + 1, `${key}-${i}`);
  };
  if (item.data.snapshot) walk(item.data.snapshot, 0, '0');
  return (
    <ul className="zg-standard-depot-snapshot" aria-label={`“${item.data.name}”的内容`} style={{ margin: 0 }}>
      {lines.map(({ key, depth, node }) => (
        <li key={key} style={{ marginLeft: depth * 20 }}>
          <Typography.Text strong={depth === 0}>{node.name}</Typography.Text>
          <Typography.Text type="secondary">
            {`（${KIND_NAMES[node.kind]}；标准值 ${standardValueText(node.bzz, node.zlx)}；${warningText(node.warningRule)}）`}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

const dimensionName = (code: string) => DIMENSIONS.find((d) => d.code === code)?.name ?? code;

/**
 * 任务库: reusable QCPs (each with its indicators) of the chosen system's dimension; 使用 copies one under a
 * 诊断维度 of the chosen system. QCPs are saved to it from the catalogue (存入任务库).
 */
export function DepotPanel({
  system,
  tree,
  canKeep,
  onChange,
}: {
  system: StandardSystem | null;
  tree: StandardNode[];
  /** Whether the user keeps the depot (deletes items). */
  canKeep: boolean;
  onChange: (change: StandardChange) => void;
}) {
  const { message, modal } = App.useApp();
  const items = useDepot(system?.dimension);
  const { useDepotItem: use, removeDepotItem } = useStandardActions();
  const [using, setUsing] = useState<DepotItem | null>(null);
  const [form] = Form.useForm<{ parentId: number }>();
  const dimensions = tree.filter((n) => n.kind === 'dimension');
  const canUse = system?.abilities.write ?? false;

  const columns: TableColumnsType<DepotItem> = [
    { title: '质控点', dataIndex: 'name' },
    { title: '维度', dataIndex: 'dimension', width: 90, render: dimensionName },
    { title: '节点数', dataIndex: 'nodeCount', width: 80 },
    { title: '存入时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '操作',
      width: 150,
      render: (_, item) => (
        <Space size={0}>
          {canUse && (
            <Button type="link" size="small" onClick={() => setUsing(item)}>
              使用
            </Button>
          )}
          {canKeep && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: `从任务库删除“${item.name}”？`,
                  content: '已使用到目标标准中的质控点不受影响。',
                  okText: '删除',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: async () => {
                    await removeDepotItem.mutateAsync(item.id);
                    message.success('已从任务库删除');
                  },
                })
              }
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  if (items.isError) return <Alert type="error" showIcon title={errorText(items.error, '任务库加载失败')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">
        {system
          ? `“${dimensionName(system.dimension)}”维度的可复用质控点；在目录中选中质控点后点“存入任务库”即可加入。`
          : '可复用的质控点；在目录中选中质控点后点“存入任务库”即可加入。'}
      </Typography.Paragraph>
      <Table<DepotItem>
        size="small"
        rowKey="id"
        aria-label="任务库"
        loading={items.isPending}
        columns={columns}
        dataSource={items.data ?? []}
        pagination={(items.data?.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: <EmptyState description="任务库为空" /> }}
        expandable={{ expandedRowRender: (item) => <SnapshotTree id={item.id} /> }}
      />
      <FormDialog<{ parentId: number }>
        open={using !== null}
        title={using ? `使用“${using.name}”` : ''}
        form={form}
        pending={use.isPending}
        onClose={() => setUsing(null)}
        onSubmit={async ({ parentId }) => {
          if (!using) return;
          onChange(await use.mutateAsync({ depotId: using.id, parentId }));
        }}
      >
        <Form.Item
          name="parentId"
          label={`放入“${system?.name ?? ''}”的诊断维度`}
          rules={[{ required: true, message: '请选择诊断维度' }]}
        >
          <Select
            placeholder={dimensions.length ? '请选择诊断维度' : '该目标标准还没有诊断维度'}
            options={dimensions.map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
      </FormDialog>
    </>
  );
}
