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
import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useLoginRecord } from '../../session/login-record';
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

interface DataManageTab {
  /** The tab's address below the page (/dataManage/<key>); the first tab is also the page's own address. */
  key: string;
  label: string;
  /** The tab's content; it routes the addresses below its own itself (base: its address). */
  render: (base: string) => ReactNode;
  /** Shown only to whom this answers true (default: everyone with the menu). */
  shownTo?: (record: ReturnType<typeof useLoginRecord>) => boolean;
}

/** The tabs of 数据管理, in order: add a catalogue's tab with one line. */
const TABS: DataManageTab[] = [
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
  const rest = pathname.startsWith(DATA_MANAGE_BASE) ? pathname.slice(DATA_MANAGE_BASE.length) : '';
  const first = rest.split('/').find(Boolean);
  return first && keys.includes(first) ? first : keys[0]!;
}

/**
 * 数据管理 (`/dataManage`): the document library (文件库), the forms' table configurations, the data warehouse, cycles,
 * dimensions and department duties, department versions and (for their keepers) the data sources.
 */
export default function DataManagePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const record = useLoginRecord();
  const tabs = TABS.filter((t) => !t.shownTo || t.shownTo(record));
  const active = tabOf(
    pathname,
    tabs.map((t) => t.key),
  );
  return (
    <Card variant="borderless">
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => navigate(`${DATA_MANAGE_BASE}/${key}`)}
        items={tabs.map((t) => ({
          key: t.key,
          label: t.label,
          children:
            t.key === active ? (
              // The tab's own routes are relative to its address (the first tab also shows at the page's).
              <Routes>
                <Route path={`${t.key}/*`} element={t.render(`${DATA_MANAGE_BASE}/${t.key}`)} />
                <Route path="*" element={t.render(`${DATA_MANAGE_BASE}/${t.key}`)} />
              </Routes>
            ) : null,
        }))}
      />
    </Card>
  );
}

export { DataManagePage };
