import { type ObjectTask, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { App, Button, Card, Popconfirm } from 'antd';
import { toastFailure } from '../../../api/feedback';
import { ListTable } from '../../../components/ListTable';
import { useCollectors, useDiagnosisActions } from '../diagnosis.api';

/**
 * 采集人 of an object task (selectcollent): who collects its data; the publisher or the person in charge removes one
 * (deletecl) after a confirmation naming them.
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
  return (
    <Card variant="borderless" title={T.collectors} style={{ height: '100%' }}>
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
    </Card>
  );
}
