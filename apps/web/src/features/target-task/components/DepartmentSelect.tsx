import { MSG } from '@zg/contract';
import { Select, type SelectProps } from 'antd';
import { useDepartManage } from '../target-task.api';

/** A searchable select of the school's departments (by name; the value is the department id, bmid). */
export function DepartmentSelect(props: Omit<SelectProps, 'options'>) {
  const departments = useDepartManage();
  return (
    <Select
      placeholder={MSG.pleaseSelect}
      loading={departments.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      options={(departments.data ?? []).map((d) => ({ value: d.bmid, label: d.bmmc }))}
    />
  );
}
