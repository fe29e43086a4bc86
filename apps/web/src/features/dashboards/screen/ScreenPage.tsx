import { ROLE, SCREEN_TEXT as T } from '@zg/contract';
import { Button, Card, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { hasRole, useLoginRecord } from '../../../session/login-record';
import { ScreenEditor } from './ScreenEditor';
import { ScreenHistoryDrawer } from './ScreenHistoryDrawer';
import { ScreenStage } from './ScreenStage';
import { useScreen, useScreenData } from './screen.api';

/**
 * 数据大屏 (`/dataScreen?id=`): the screen named (the first the user may see without one), refreshing itself every
 * `refresh` seconds; its keepers edit the layout, add a screen and restore a saved version. A user who may see no
 * screen (the server's 404 when none is named) gets the empty state 暂无可查看的大屏, a keeper with 新建大屏 in it.
 */
export default function ScreenPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const screen = useScreen(id);
  const s = screen.data ?? undefined;
  const data = useScreenData(s);
  const [editing, setEditing] = useState<'edit' | 'new' | null>(null);
  const [history, setHistory] = useState(false);
  const keeper = hasRole(useLoginRecord(), ROLE.admin, ROLE.diagnosisAdmin);
  const none = screen.data === null;

  return (
    <>
      {none && (
        <Card variant="borderless" className="zg-page">
          <EmptyState description={T.none}>
            {keeper && (
              <Button type="primary" onClick={() => setEditing('new')}>
                {T.newScreen}
              </Button>
            )}
          </EmptyState>
        </Card>
      )}
      {screen.error && <LoadError error={screen.error} onRetry={() => void screen.refetch()} />}
      {screen.isPending && <Spin />}
      {s && (
        <>
          <ScreenStage
            screen={s}
            data={data.data}
            pending={data.isPending}
            updatedAt={data.dataUpdatedAt ? dayjs(data.dataUpdatedAt).format('HH:mm:ss') : null}
            tools={
              s.abilities.edit && (
                <>
                  <Button onClick={() => setEditing('edit')}>{T.edit}</Button>
                  <Button onClick={() => setHistory(true)}>{T.history}</Button>
                  <Button onClick={() => setEditing('new')}>{T.newScreen}</Button>
                </>
              )
            }
          />
          <ScreenHistoryDrawer screen={s} open={history} onClose={() => setHistory(false)} />
        </>
      )}
      <ScreenEditor
        screen={editing === 'edit' ? (s ?? null) : null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          if (saved.id !== s?.id) setParams({ id: String(saved.id) });
        }}
      />
    </>
  );
}
