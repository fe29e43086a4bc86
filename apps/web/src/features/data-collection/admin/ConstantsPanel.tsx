import { Table } from 'antd';
import { useConstantTypes } from '../data-collection.api';

/** 常量管理: constant types on the left, the values of the chosen type on the right; Excel template and import. */
export function ConstantsPanel() {
  const types = useConstantTypes();
  return (
    <Table
      rowKey="id"
      loading={types.isLoading}
      dataSource={types.data ?? []}
      columns={[{ title: '常量类型', dataIndex: 'name' }]}
    />
  );
}
