import { TASK_QCP_UI as T, WEB_MSG } from '@zg/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { qcpTree } from '../qcp-logic';
import { useQcpOptions } from '../target-task.api';

/**
 * 服务的质控点: the QCPs of the published standard systems under their systems, several chosen, searchable by QCP,
 * dimension or system, keyboard-usable (antd's TreeSelect: type to search, arrows and Enter to choose).
 */
export function QcpSelect(props: { value?: string[]; onChange?: (v: string[]) => void; id?: string; open: boolean }) {
  const options = useQcpOptions(props.open);
  const tree = useMemo(() => qcpTree(options.data ?? []), [options.data]);
  return (
    <TreeSelect<string[]>
      id={props.id}
      aria-label={T.label}
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      treeData={tree}
      multiple
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'search' }}
      allowClear
      loading={options.isLoading}
      placeholder={T.placeholder}
      notFoundContent={options.isError ? WEB_MSG.loadFailed : undefined}
      style={{ width: '100%' }}
      popupMatchSelectWidth
    />
  );
}
