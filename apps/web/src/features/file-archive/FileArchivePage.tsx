import { type ArchiveFileSchema, type ArchiveType, LIMITS, ARCHIVE_UI as T } from '@zg/contract';
import { App, Button, Card, Input, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { errorText } from '../../api/errors';
import { downloadAttachment } from '../../components/attachments/files.api';
import { CardList } from '../../components/CardList';
import { YearPicker } from '../../components/pickers';
import { sizeText } from '../task-report/report-logic';
import { type ArchiveFilter, downloadArchiveZip, useArchivePage, useArchiveTypes } from './archive.api';
import './archive.css';
import { ListTable } from '../../components/ListTable';

type ArchiveFile = z.infer<typeof ArchiveFileSchema>;

const SOURCE_COLOR: Record<ArchiveFile['source'], string> = { yearTarget: 'purple', task: 'blue', progress: 'cyan' };

/** The type cards: 全部类型 with the sum, then each file type with its count. */
export function typeCards(types: { lxId: number; name: string; count: number }[]) {
  return [
    { lxId: undefined, name: T.allTypes, count: types.reduce((a, t) => a + t.count, 0) },
    ...types.map((t) => ({ lxId: t.lxId as number | undefined, name: t.name, count: t.count })),
  ];
}

/**
 * 全部文件 / 我的文件 (task page types file-all and file-myself): every document of the year targets and tasks the
 * user may see (or owns), by file type, downloaded one by one or as a zip of the chosen ones or of the whole filter.
 */
export default function FileArchivePage({ kind }: { kind: ArchiveType }) {
  const { message, modal } = App.useApp();
  const [year, setYear] = useState<number | null>(null);
  const [name, setName] = useState<string | undefined>();
  const [lxId, setLxId] = useState<number | undefined>();
  const [current, setCurrent] = useState<number>(LIMITS.firstPage);
  const [selected, setSelected] = useState<string[]>([]);
  const [zipping, setZipping] = useState(false);
  const size = LIMITS.defaultPageSize;
  const filter: ArchiveFilter = useMemo(() => ({ type: kind, year: year ?? undefined, name }), [kind, year, name]);
  const types = useArchiveTypes(filter);
  const page = useArchivePage(filter, lxId, current, size);
  const cards = typeCards(types.data ?? []);
  const total = page.data?.total ?? 0;

  const refilter = () => {
    setCurrent(LIMITS.firstPage);
    setSelected([]);
  };
  const zip = async (ids: string[]) => {
    setZipping(true);
    try {
      await downloadArchiveZip(filter, lxId, ids);
    } catch (error) {
      message.error(errorText(error, T.downloadFailed));
    } finally {
      setZipping(false);
    }
  };
  const zipAll = () => modal.confirm({ title: T.zipAll, content: T.zipAllConfirm(total), onOk: () => zip([]) });
  const downloadOne = (file: ArchiveFile) =>
    downloadAttachment(file).catch((error: unknown) => message.error(errorText(error, T.downloadFailed)));

  const columns: TableColumnsType<ArchiveFile> = [
    { title: T.fileName, dataIndex: 'fileName', ellipsis: true, width: 240 },
    { title: T.fileType, dataIndex: 'fileType', width: 120 },
    {
      title: T.source,
      dataIndex: 'sourceName',
      width: 180,
      // A report attachment names its period (进度报告附件 2026-11): the tag wraps rather than run into the next cell.
      render: (v: string, r) => (
        <Tag color={SOURCE_COLOR[r.source]} style={{ whiteSpace: 'normal', maxWidth: '100%' }}>
          {v}
        </Tag>
      ),
    },
    { title: T.task, dataIndex: 'rwmc', ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: T.yearTarget, dataIndex: 'yearTargetName', ellipsis: true, width: 180 },
    { title: T.year, dataIndex: 'nf', width: 70 },
    { title: T.department, dataIndex: 'bmmc', width: 110, render: (v: string | null) => v ?? '-' },
    { title: T.uploader, dataIndex: 'uploaderName', width: 90 },
    {
      title: T.uploadedAt,
      dataIndex: 'createTime',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    { title: T.size, dataIndex: 'size', width: 90, render: sizeText },
    {
      title: T.actions,
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => downloadOne(r)}>
          {T.download}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap size="middle">
          <YearPicker
            aria-label={T.year}
            placeholder={T.year}
            value={year}
            defaultPanelYear={new Date().getFullYear()}
            onChange={(y) => {
              setYear(y);
              refilter();
            }}
            style={{ width: 130 }}
          />
          <Input.Search
            aria-label={T.search}
            placeholder={T.search}
            allowClear
            maxLength={100}
            style={{ width: 260 }}
            onSearch={(v) => {
              setName(v.trim() || undefined);
              refilter();
            }}
          />
          <Button type="primary" disabled={selected.length === 0} loading={zipping} onClick={() => zip(selected)}>
            {T.zipSelected(selected.length)}
          </Button>
          <Button disabled={total === 0} loading={zipping} onClick={zipAll}>
            {T.zipAll}
          </Button>
        </Space>
        <div className="zg-archive__types">
          <CardList
            minWidth={150}
            items={cards.map((c) => ({
              key: String(c.lxId ?? 'all'),
              title: c.name,
              extra: <span className="zg-archive__count">{c.count}</span>,
              selected: c.lxId === lxId,
              onClick: () => {
                setLxId(c.lxId);
                refilter();
              },
            }))}
          />
        </div>
        <ListTable<ArchiveFile>
          rowKey="fileId"
          size="middle"
          loading={page.isFetching}
          columns={columns}
          rows={page.data?.records}
          scroll={{ x: 1500 }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(String)),
          }}
          pager={{ current, total, pageSize: size, onChange: setCurrent }}
        />
      </Space>
    </Card>
  );
}
