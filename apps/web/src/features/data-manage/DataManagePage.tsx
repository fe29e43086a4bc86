import { FILE_MSG } from '@zg/contract';
import { Card, Tabs } from 'antd';
import { FileLibrary } from './FileLibrary';

/** 数据管理 (`/dataManage`): the department document library (文件库). */
export default function DataManagePage() {
  return (
    <Card variant="borderless">
      <Tabs
        defaultActiveKey="library"
        items={[{ key: 'library', label: FILE_MSG.libraryTab, children: <FileLibrary /> }]}
      />
    </Card>
  );
}

export { DataManagePage };
