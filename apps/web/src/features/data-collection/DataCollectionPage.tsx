import { COLLECTION_TEXT as C, MENUS } from '@zg/contract';
import { Card, Skeleton } from 'antd';
import { type RoutedTab, RoutedTabs } from '../../components/RoutedTabs';
import { ConstantsPanel } from './admin/ConstantsPanel';
import { FormsPanel } from './admin/FormsPanel';
import { TasksPanel } from './admin/TasksPanel';
import { useCollectionAbilities } from './data-collection.api';
import { FillTasksPanel } from './fill/FillTasksPanel';

/** The page's own address (/dataCollection); each tab lives below it at /dataCollection/<key>. */
export const DATA_COLLECTION_BASE = MENUS.find((m) => m.key === 'dataCollection')?.path ?? '/dataCollection';

/** The tabs of 数据采集, in order (add a tab with one line); `manage`: the collection administrator's. */
const TABS: (RoutedTab & { manage?: true })[] = [
  { key: 'fill', label: C.tabs.fill, render: (base) => <FillTasksPanel scope="mine" base={base} /> },
  { key: 'audit', label: C.tabs.audit, render: (base) => <FillTasksPanel scope="audit" base={base} /> },
  // The collection administrator's tabs, as the server's abilities say (it refuses their routes to anyone else).
  { key: 'forms', label: C.tabs.forms, render: (base) => <FormsPanel base={base} />, manage: true },
  { key: 'constants', label: C.tabs.constants, render: () => <ConstantsPanel />, manage: true },
  { key: 'tasks', label: C.tabs.tasks, render: (base) => <TasksPanel base={base} />, manage: true },
];

/**
 * 数据采集 (`/dataCollection`): my fill tasks and the audit queue for everyone allocated; forms and their designer,
 * constants and collection tasks for the collection administrators.
 */
export default function DataCollectionPage() {
  const { manage, isPending } = useCollectionAbilities();
  // The tabs wait for the abilities (a moment), so that none appears late and none shows on a guess.
  if (isPending)
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  return (
    <RoutedTabs base={DATA_COLLECTION_BASE} tabs={TABS.filter((t) => !t.manage || manage)} empty={C.nothingHere} />
  );
}

export { DataCollectionPage };
