import {
  ALGORITHM_TEXT,
  CYCLE_TEXT,
  DATASOURCE_TEXT,
  DEPARTMENT_VERSION_TEXT,
  DIMENSION_TEXT,
  FILE_MSG,
  MENUS,
  TABLE_CONFIG_TEXT,
} from '@zg/contract';
import { type RoutedTab, RoutedTabs, routedTabOf } from '../../components/RoutedTabs';
import { AlgorithmsPanel } from '../algorithm/AlgorithmsPanel';
import { TableConfigList } from '../table-config/TableConfigList';
import { CyclesPanel } from './CyclesPanel';
import { DataSourcePanel } from './DataSourcePanel';
import { DepartmentVersionsPanel } from './DepartmentVersionsPanel';
import { DimensionsPanel } from './DimensionsPanel';
import { DutiesPanel } from './DutiesPanel';
import { keepsDataSources } from './datasource.logic';
import { FileLibrary } from './FileLibrary';
import { WarehouseSection } from './WarehouseSection';
import { W } from './warehouse-text';

/** The page's own address (/dataManage); each tab lives below it at /dataManage/<key>. */
export const DATA_MANAGE_BASE = MENUS.find((m) => m.key === 'dataManagement')?.path ?? '/dataManage';

/** The tabs of 数据管理, in order: add a catalogue's tab with one line. */
const TABS: RoutedTab[] = [
  { key: 'library', label: FILE_MSG.libraryTab, render: () => <FileLibrary /> },
  { key: 'tables', label: TABLE_CONFIG_TEXT.listTab, render: () => <TableConfigList /> },
  { key: 'warehouse', label: W.tab, render: (base) => <WarehouseSection base={base} /> },
  { key: 'cycles', label: CYCLE_TEXT.tab, render: () => <CyclesPanel /> },
  { key: 'dimensions', label: DIMENSION_TEXT.dimensionsTab, render: () => <DimensionsPanel /> },
  { key: 'duties', label: DIMENSION_TEXT.dutiesTab, render: () => <DutiesPanel /> },
  { key: 'departmentVersions', label: DEPARTMENT_VERSION_TEXT.tab, render: () => <DepartmentVersionsPanel /> },
  { key: 'datasource', label: DATASOURCE_TEXT.tab, render: () => <DataSourcePanel />, shownTo: keepsDataSources },
  // Algorithms are written, tested and computed by the same keepers (administrators and the data office).
  { key: 'algorithms', label: ALGORITHM_TEXT.tab, render: () => <AlgorithmsPanel />, shownTo: keepsDataSources },
];

/** The tab an address shows: its first segment below the page, or the first tab. */
export function tabOf(pathname: string, keys: readonly string[] = TABS.map((t) => t.key)): string {
  return routedTabOf(DATA_MANAGE_BASE, pathname, keys)!;
}

/**
 * 数据管理 (`/dataManage`): the document library (文件库), the forms' table configurations, the data warehouse, cycles,
 * dimensions and department duties, department versions and (for their keepers) the data sources.
 */
export default function DataManagePage() {
  return <RoutedTabs base={DATA_MANAGE_BASE} tabs={TABS} />;
}

export { DataManagePage };
