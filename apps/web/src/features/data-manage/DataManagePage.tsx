import { FILE_MSG, TABLE_CONFIG_TEXT } from '@zg/contract';
import { Card, Tabs } from 'antd';
import { TableConfigList } from '../table-config/TableConfigList';
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
        ]}
      />
    </Card>
  );
}

export { DataManagePage };
