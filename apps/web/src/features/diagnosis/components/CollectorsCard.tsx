import { type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { App, Button, Card, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { toastFailure } from '../../../api/feedback';
import { ListTable } from '../../../components/ListTable';
import { useCollectors, useDiagnosisActions } from '../diagnosis.api';
import { PeopleDialog } from './PeopleDialog';

/**
 * 采集人 of an object task (selectcollent): who collects its data, and its 共享人; the publisher or the person in charge
 * sets both (设置共享人与采集人) and removes a collector (deletecl) after a confirmation naming them.
 */
export function CollectorsCard({ object }: { object: ObjectTask }) {
  const { message } = App.useApp();
  const collectors = useCollectors(object.id);
  const actions = useDiagnosisActions();
  const may = object.abilities.authority;
  const remove = (yhid: string, name: string) =>
    actions.removeCollector
      .mutateAsync({ dxrwid: object.id, yhid })
      .then(() => message.success(T.collectorRemoved(name)))
      .catch((e) => toastFailure(message, e));
  const [editing, setEditing] = useState(false);
  return (
    <Card
      variant="borderless"
      title={T.collectors}
      style={{ height: '100%' }}
      extra={may && <Button onClick={() => setEditing(true)}>{T.setPeople}</Button>}
    >
      <Typography.Paragraph type="secondary">
        {T.field(T.sharers, object.gxrs.length ? object.gxrs.map((u) => u.name).join('、') : T.dash)}
      </Typography.Paragraph>
      <ListTable
        rows={collectors.data}
        rowKey="yhid"
        loading={collectors.isFetching}
        error={collectors.error}
        empty={T.noCollectors}
        pager="local"
        pageSize={5}
        size="small"
        columns={[
          { title: T.collectorId, dataIndex: 'yhid', width: 120 },
          { title: T.collectorName, dataIndex: 'yhmc' },
          ...(may
            ? [
                {
                  title: T.actions,
                  width: 80,
                  render: (_: unknown, c: { yhid: string; yhmc: string }) => (
                    <Popconfirm
                      title={T.removeCollectorTitle(c.yhmc)}
                      description={T.removeCollectorContent}
                      okText={T.removeCollector}
                      cancelText={T.cancel}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(c.yhid, c.yhmc)}
                    >
                      <Button type="link" danger size="small" aria-label={`${T.removeCollector} ${c.yhmc}`}>
                        {T.removeCollector}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <PeopleDialog object={editing ? object : null} onClose={() => setEditing(false)} />
    </Card>
  );
}
