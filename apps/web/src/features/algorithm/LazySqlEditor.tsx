import { ALGORITHM_TEXT as T } from '@zg/contract';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { SqlEditorProps } from './SqlEditor';

const SqlEditor = lazy(() => import('./SqlEditor'));

/** The SQL editor, downloaded only by the pages that show it (CodeMirror is large), with a skeleton until then. */
export function LazySqlEditor(props: SqlEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} title={false} aria-label={T.editorLoading} />}>
      <SqlEditor {...props} />
    </Suspense>
  );
}
