import { CYCLE_TEXT, DEPARTMENT_VERSION_TEXT, DIMENSION_TEXT, FILE_MSG, TABLE_CONFIG_TEXT } from '@zg/contract';
import { Card, Tabs } from 'antd';
import { useLoginRecord } from '../../session/login-record';
import { AlgorithmsPanel } from '../algorithm/AlgorithmsPanel';
import { TableConfigList } from '../table-config/TableConfigList';
import { CyclesPanel } from './CyclesPanel';
import { dataSourceTabs } from './DataSourcePanel';
import { DepartmentVersionsPanel } from './DepartmentVersionsPanel';
import { DimensionsPanel } from './DimensionsPanel';
import { DutiesPanel } from './DutiesPanel';
import { FileLibrary } from './FileLibrary';

/** 数据管理 (`/dataManage`): the department document library (文件库), the forms' table configurations and the data sources. */
export default function DataManagePage() {
  const record = useLoginRecord();
  return (
    <Card variant="borderless">
      <Tabs
        defaultActiveKey="library"
        items={[
          { key: 'library', label: FILE_MSG.libraryTab, children: <FileLibrary /> },
          { key: 'tables', label: TABLE_CONFIG_TEXT.listTab, children: <TableConfigList /> },
          ...dataSourceTabs(record),
          { key: 'cycles', label: CYCLE_TEXT.tab, children: <CyclesPanel /> },
          { key: 'departmentVersions', label: DEPARTMENT_VERSION_TEXT.tab, children: <DepartmentVersionsPanel /> },
          { key: 'dimensions', label: DIMENSION_TEXT.dimensionsTab, children: <DimensionsPanel /> },
          { key: 'duties', label: DIMENSION_TEXT.dutiesTab, children: <DutiesPanel /> },
          { key: 'algorithms', label: '算法管理', children: <AlgorithmsPanel /> },
        ]}
      />
    </Card>
  );
}

export { DataManagePage };
