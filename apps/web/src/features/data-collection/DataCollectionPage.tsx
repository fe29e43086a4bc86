import { MENUS } from '@zg/contract';
import { type RoutedTab, RoutedTabs } from '../../components/RoutedTabs';
import { ConstantsPanel } from './admin/ConstantsPanel';
import { FormsPanel } from './admin/FormsPanel';
import { TasksPanel } from './admin/TasksPanel';
import { managesCollection } from './collection.logic';
import { C } from './collection-text';
import { FillTasksPanel } from './fill/FillTasksPanel';

/** The page's own address (/dataCollection); each tab lives below it at /dataCollection/<key>. */
export const DATA_COLLECTION_BASE = MENUS.find((m) => m.key === 'dataCollection')?.path ?? '/dataCollection';

/** The tabs of 数据采集, in order: add a tab with one line. */
const TABS: RoutedTab[] = [
  { key: 'fill', label: C.tabs.fill, render: (base) => <FillTasksPanel scope="mine" base={base} /> },
  { key: 'audit', label: C.tabs.audit, render: (base) => <FillTasksPanel scope="audit" base={base} /> },
  // The collection administrator's tabs (administrators and the data office; the server refuses anyone else).
  { key: 'forms', label: C.tabs.forms, render: (base) => <FormsPanel base={base} />, shownTo: managesCollection },
  { key: 'constants', label: C.tabs.constants, render: () => <ConstantsPanel />, shownTo: managesCollection },
  { key: 'tasks', label: C.tabs.tasks, render: (base) => <TasksPanel base={base} />, shownTo: managesCollection },
];

/**
 * 数据采集 (`/dataCollection`): my fill tasks and the audit queue for everyone allocated; forms and their designer,
 * constants and collection tasks for the collection administrators.
 */
export default function DataCollectionPage() {
  return <RoutedTabs base={DATA_COLLECTION_BASE} tabs={TABS} empty={C.nothingHere} />;
}

export { DataCollectionPage };
