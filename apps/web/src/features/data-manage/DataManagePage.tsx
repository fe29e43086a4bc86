import {
  ALGORITHM_TEXT,
  CYCLE_TEXT,
  DATASOURCE_TEXT,
  type DataManageAbilities,
  DEPARTMENT_VERSION_TEXT,
  DIMENSION_TEXT,
  FILE_MSG,
  MENUS,
  TABLE_CONFIG_TEXT,
  WAREHOUSE_TEXT as W,
} from '@zg/contract';
import { Card, Skeleton } from 'antd';
import { type RoutedTab, RoutedTabs, routedTabOf } from '../../components/RoutedTabs';
import { AlgorithmsPanel } from '../algorithm/AlgorithmsPanel';
import { ChartLibraryPanel } from '../dashboards/library/ChartLibraryPanel';
import { TableConfigList } from '../table-config/TableConfigList';
import { CyclesPanel } from './CyclesPanel';
import { DataSourcePanel } from './DataSourcePanel';
import { DepartmentVersionsPanel } from './DepartmentVersionsPanel';
import { DimensionsPanel } from './DimensionsPanel';
import { DutiesPanel } from './DutiesPanel';
import { useDataManageAbilities } from './data-manage.api';
import { FileLibrary } from './FileLibrary';
import { WarehouseSection } from './WarehouseSection';

/** The page's own address (/dataManage); each tab lives below it at /dataManage/<key>. */
export const DATA_MANAGE_BASE = MENUS.find((m) => m.key === 'dataManagement')?.path ?? '/dataManage';

/** The tabs of 数据管理, in order (add a catalogue's tab with one line); `needs`: the ability that shows it. */
const TABS: (RoutedTab & { needs?: keyof DataManageAbilities })[] = [
  { key: 'library', label: FILE_MSG.libraryTab, render: () => <FileLibrary /> },
  { key: 'tables', label: TABLE_CONFIG_TEXT.listTab, render: () => <TableConfigList /> },
  { key: 'warehouse', label: W.tab, render: (base) => <WarehouseSection base={base} /> },
  { key: 'cycles', label: CYCLE_TEXT.tab, render: () => <CyclesPanel /> },
  { key: 'dimensions', label: DIMENSION_TEXT.dimensionsTab, render: () => <DimensionsPanel /> },
  { key: 'duties', label: DIMENSION_TEXT.dutiesTab, render: () => <DutiesPanel /> },
  { key: 'departmentVersions', label: DEPARTMENT_VERSION_TEXT.tab, render: () => <DepartmentVersionsPanel /> },
  { key: 'datasource', label: DATASOURCE_TEXT.tab, render: () => <DataSourcePanel />, needs: 'dataSources' },
  { key: 'algorithms', label: ALGORITHM_TEXT.tab, render: () => <AlgorithmsPanel />, needs: 'algorithms' },
  { key: 'charts', label: '图表库', render: () => <ChartLibraryPanel />, needs: 'algorithms' },
];

/** The tab an address shows: its first segment below the page, or the first tab. */
export function tabOf(pathname: string, keys: readonly string[] = TABS.map((t) => t.key)): string {
  return routedTabOf(DATA_MANAGE_BASE, pathname, keys)!;
}

/**
 * 数据管理 (`/dataManage`): the document library (文件库), the forms' table configurations, the data warehouse, cycles,
 * dimensions and department duties, department versions and (for their keepers, as the server's abilities say) the data
 * sources and the algorithms.
 */
export default function DataManagePage() {
  const { abilities, isPending } = useDataManageAbilities();
  // The tabs wait for the abilities (a moment), so that none appears late and none shows on a guess.
  if (isPending)
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  return <RoutedTabs base={DATA_MANAGE_BASE} tabs={TABS.filter((t) => !t.needs || abilities[t.needs])} />;
}

export { DataManagePage };
