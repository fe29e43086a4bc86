import { MENUS } from '@zg/contract';
import { Card, Empty, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useLoginRecord } from '../../session/login-record';
import { ConstantsPanel } from './admin/ConstantsPanel';
import { FormsPanel } from './admin/FormsPanel';
import { TasksPanel } from './admin/TasksPanel';
import { managesCollection } from './collection.logic';
import { C } from './collection-text';
import { FillTasksPanel } from './fill/FillTasksPanel';

/** The page's own address (/dataCollection); each tab lives below it at /dataCollection/<key>. */
export const DATA_COLLECTION_BASE = MENUS.find((m) => m.key === 'dataCollection')?.path ?? '/dataCollection';

interface DataCollectionTab {
  /** The tab's address below the page (/dataCollection/<key>); the first tab shown is also the page's own address. */
  key: string;
  label: string;
  /** The tab's content; it routes the addresses below its own itself (base: its address). */
  render: (base: string) => ReactNode;
  /** Shown only to whom this answers true (default: everyone with the menu). */
  shownTo?: (record: ReturnType<typeof useLoginRecord>) => boolean;
}

/** The tabs of 数据采集, in order: add a tab with one line. */
const TABS: DataCollectionTab[] = [
  { key: 'fill', label: C.tabs.fill, render: (base) => <FillTasksPanel scope="mine" base={base} /> },
  { key: 'audit', label: C.tabs.audit, render: (base) => <FillTasksPanel scope="audit" base={base} /> },
  // The collection administrator's tabs (administrators and the data office; the server refuses anyone else).
  { key: 'forms', label: C.tabs.forms, render: (base) => <FormsPanel base={base} />, shownTo: managesCollection },
  { key: 'constants', label: C.tabs.constants, render: () => <ConstantsPanel />, shownTo: managesCollection },
  { key: 'tasks', label: C.tabs.tasks, render: (base) => <TasksPanel base={base} />, shownTo: managesCollection },
];

/** The tab an address shows: its first segment below the page, or the first tab. */
export function tabOf(pathname: string, keys: readonly string[] = TABS.map((t) => t.key)): string | undefined {
  const rest = pathname.startsWith(DATA_COLLECTION_BASE) ? pathname.slice(DATA_COLLECTION_BASE.length) : '';
  const first = rest.split('/').find(Boolean);
  return first && keys.includes(first) ? first : keys[0];
}

/**
 * 数据采集 (`/dataCollection`): my fill tasks and the audit queue for everyone allocated; forms and their designer,
 * constants and collection tasks for the collection administrators.
 */
export default function DataCollectionPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const record = useLoginRecord();
  const tabs = TABS.filter((t) => !t.shownTo || t.shownTo(record));
  const active = tabOf(
    pathname,
    tabs.map((t) => t.key),
  );
  if (tabs.length === 0) return <Empty description={C.nothingHere} />;
  return (
    <Card variant="borderless">
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => navigate(`${DATA_COLLECTION_BASE}/${key}`)}
        items={tabs.map((t) => ({
          key: t.key,
          label: t.label,
          children:
            t.key === active ? (
              // The tab's own routes are relative to its address (the first tab also shows at the page's).
              <Routes>
                <Route path={`${t.key}/*`} element={t.render(`${DATA_COLLECTION_BASE}/${t.key}`)} />
                <Route path="*" element={t.render(`${DATA_COLLECTION_BASE}/${t.key}`)} />
              </Routes>
            ) : null,
        }))}
      />
    </Card>
  );
}

export { DataCollectionPage };
