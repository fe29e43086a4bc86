import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALGORITHM_MSG, type Algorithm, type AlgorithmVersion, ALGORITHM_TEXT as T } from '@zg/contract';
import { App, Button, Modal, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { ALGORITHM_KEYS, deleteVersion, fetchVersions, setCurrentVersion } from './algorithm.api';
import { shortHash, timeText } from './algorithm.logic';
import { LazySqlEditor } from './LazySqlEditor';

/** 版本: newest first; 查看 an older text read only, 设为当前, 删除 an unused, non-current one. */
export function VersionsPanel({ algorithm }: { algorithm: Algorithm }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const versions = useQuery({
    queryKey: ALGORITHM_KEYS.versions(algorithm.id),
    queryFn: () => fetchVersions(algorithm.id),
  });
  const [viewing, setViewing] = useState<AlgorithmVersion | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ALGORITHM_KEYS.all });
  const current = useMutation({
    mutationFn: (v: AlgorithmVersion) => setCurrentVersion(v.id),
    onSuccess: async (_, v) => {
      message.success(ALGORITHM_MSG.currentSet(v.bbh));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (v: AlgorithmVersion) => deleteVersion(v.id),
    onSuccess: async () => {
      message.success(ALGORITHM_MSG.deleted);
      await refresh();
    },
  });
  const columns: TableColumnsType<AlgorithmVersion> = [
    { key: 'bbh', title: T.versionColumn, render: (_, v) => <strong>{T.version(v.bbh)}</strong>, width: 70 },
    {
      key: 'state',
      title: T.state,
      render: (_, v) => (
        <Space size={4}>
          {v.sfdq ? <Tag color="blue">{T.current}</Tag> : null}
          {v.sfsy ? <Tag color="green">{T.used}</Tag> : <Tag>{T.unused}</Tag>}
        </Space>
      ),
    },
    { key: 'hash', title: T.hash, render: (_, v) => <code title={v.hash}>{shortHash(v.hash)}</code> },
    { key: 'bz', title: T.versionNote, dataIndex: 'bz', render: (v: string | null) => v ?? T.dash },
    { key: 'cjr', title: T.createdBy, dataIndex: 'cjr', render: (v: string | null) => v ?? T.dash, width: 90 },
    { key: 'cjsj', title: T.createdAt, dataIndex: 'cjsj', render: (v: string) => timeText(v), width: 170 },
    {
      key: 'actions',
      title: T.actions,
      render: (_, v) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(v)}>
            {T.view}
          </Button>
          <Button
            type="link"
            size="small"
            disabled={v.sfdq}
            onClick={() =>
              modal.confirm({
                title: T.setCurrentTitle(v.bbh),
                content: T.setCurrentContent,
                okText: T.setCurrent,
                cancelText: T.cancel,
                onOk: () => current.mutateAsync(v),
              })
            }
          >
            {T.setCurrent}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={v.sfdq || v.sfsy}
            title={v.sfdq ? T.currentUndeletable : v.sfsy ? T.usedUndeletable : undefined}
            onClick={() =>
              modal.confirm({
                title: T.deleteVersionTitle(v.bbh),
                content: T.deleteVersionContent,
                okText: T.delete,
                okButtonProps: { danger: true },
                cancelText: T.cancel,
                onOk: () => remove.mutateAsync(v),
              })
            }
          >
            {T.delete}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListTable
        size="small"
        rowKey="id"
        loading={versions.isPending}
        columns={columns}
        rows={versions.data}
        pager="local"
        empty={T.noVersions}
      />
      <Modal
        open={viewing !== null}
        title={viewing ? T.versionSql(viewing.bbh) : ''}
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>{T.close}</Button>}
        width={820}
        destroyOnHidden
      >
        {viewing ? (
          <>
            <Typography.Paragraph type="secondary">
              {T.hashLine} <code>{viewing.hash}</code>
              {T.createdLine(timeText(viewing.cjsj), viewing.cjr ?? T.dash)}
            </Typography.Paragraph>
            <LazySqlEditor value={viewing.sql} readOnly label={T.versionSql(viewing.bbh)} minHeight={160} />
          </>
        ) : null}
      </Modal>
    </>
  );
}
