import { type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { objectPath, taskPath } from '../diagnosis.logic';

/** The columns every list of object tasks across tasks starts with: the object (opens its rows) and its task. */
export const OBJECT_AND_TASK_COLUMNS: ColumnsType<ObjectTask> = [
  {
    title: T.objectName,
    dataIndex: 'gzdxmc',
    render: (_, o) => <Link to={objectPath(o.id)}>{o.gzdxmc}</Link>,
  },
  {
    title: T.taskName,
    dataIndex: 'rwmc',
    render: (_, o) => <Link to={taskPath(o.rwid)}>{o.rwmc}</Link>,
  },
];
