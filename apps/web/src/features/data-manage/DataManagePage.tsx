import { CYCLE_TEXT, DEPARTMENT_VERSION_TEXT, FILE_MSG, TABLE_CONFIG_TEXT } from '@zg/contract';
import { Card, Tabs } from 'antd';
import { TableConfigList } from '../table-config/TableConfigList';
import { CyclesPanel } from './CyclesPanel';
import { DepartmentVersionsPanel } from './DepartmentVersionsPanel';
import { FileLibrary } from './FileLibrary';

/** 数据管理 (`/dataManage`): the department document library (文件库) and the forms' table configurations. */
export default function DataManagePage() {
  return (
    <Card variant="borderless">
      <Tabs
        defaultActiveKey="library"
        items={[
          { key: 'library', label: FILE_MSG.libraryTab, children: <FileLibrary /> },
          { key: 'tables', label: TABLE_CONFIG_TEXT.listTab, children: <TableConfigList /> },
          { key: 'cycles', label: CYCLE_TEXT.tab, children: <CyclesPanel /> },
          { key: 'departmentVersions', label: DEPARTMENT_VERSION_TEXT.tab, children: <DepartmentVersionsPanel /> },
        ]}
      />
    </Card>
  );
}

export { DataManagePage };
