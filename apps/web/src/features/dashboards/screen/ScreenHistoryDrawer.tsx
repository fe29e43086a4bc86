import { type Screen, type ScreenHistory, SCREEN_TEXT as T } from '@zg/contract';
import { App, Button, Drawer, Popconfirm } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/ListTable';
import { useRestoreScreen, useScreenHistory } from './screen.api';

/** A screen's saved versions, newest first, each restorable after a confirmation (kept as the next version). */
export function ScreenHistoryDrawer({ screen, open, onClose }: { screen: Screen; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const history = useScreenHistory(screen.id, current, open);
  const restore = useRestoreScreen();
  return (
    <Drawer title={`${T.history}：${screen.mc}`} open={open} onClose={onClose} width={720}>
      <ListTable<ScreenHistory>
        size="small"
        aria-label={T.history}
        loading={history.isFetching}
        error={history.error}
        rows={history.data?.records}
        pager={{ current, pageSize: 10, total: history.data?.total ?? 0, onChange: setCurrent }}
        columns={[
          { title: T.version, dataIndex: 'bb', key: 'bb', render: (v: number) => `第 ${v} 版` },
          { title: T.name, dataIndex: 'mc', key: 'mc' },
          { title: T.items, key: 'items', render: (_, r) => r.items.length },
          { title: T.savedAt, dataIndex: 'bcsj', key: 'bcsj' },
          { title: T.savedBy, dataIndex: 'bcrmc', key: 'bcrmc' },
          {
            title: '',
            key: 'restore',
            render: (_, r) => (
              <Popconfirm
                title={T.restoreConfirm(r.bb)}
                onConfirm={() =>
                  restore.mutateAsync(r.id).then(
                    () => void message.success('已恢复该版本'),
                    (e: Error) => void message.error(e.message),
                  )
                }
              >
                <Button size="small">{T.restore}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
