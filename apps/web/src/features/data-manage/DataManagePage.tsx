import { DIMENSION_TEXT, FILE_MSG, TABLE_CONFIG_TEXT } from '@zg/contract';
import { Card, Tabs } from 'antd';
import { TableConfigList } from '../table-config/TableConfigList';
import { DimensionsPanel } from './DimensionsPanel';
import { DutiesPanel } from './DutiesPanel';
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
          { key: 'dimensions', label: DIMENSION_TEXT.dimensionsTab, children: <DimensionsPanel /> },
          { key: 'duties', label: DIMENSION_TEXT.dutiesTab, children: <DutiesPanel /> },
        ]}
      />
    </Card>
  );
}

export { DataManagePage };
