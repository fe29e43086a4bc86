import { EXTRA_PAGE_LABEL } from '@zg/contract';
import { lazyPage } from '../../components/LazyPage';
import { type FeatureRoutes, subPagesUnder } from '../../session/routes';
import { TASK_MENUS } from '../target-task/routes';

const FileArchivePage = lazyPage(() => import('./FileArchivePage'));

/** 文件归档, all files and mine (issue 8): pages of the target-task module. */
export const fileArchiveRoutes = subPagesUnder(TASK_MENUS, [
  {
    slug: 'file-all',
    label: EXTRA_PAGE_LABEL['file-all'],
    element: <FileArchivePage kind="file-all" />,
    grantedBy: TASK_MENUS,
    visible: () => true,
  },
  {
    slug: 'file-myself',
    label: EXTRA_PAGE_LABEL['file-myself'],
    element: <FileArchivePage kind="file-myself" />,
    grantedBy: TASK_MENUS,
    visible: () => true,
  },
]) satisfies FeatureRoutes;
