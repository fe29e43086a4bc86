import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIMENSION_MSG, DIMENSION_TEXT as T } from '@zg/contract';
import { App, Button, Col, Input, Popconfirm, Row, Space, type TableColumnsType, Tag, Upload } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { ItemList } from '../../components/ItemList';
import { ListTable } from '../../components/ListTable';
import { ObjectDialog, TypeDialog } from './DimensionDialogs';
import {
  DIMENSION_KEYS,
  type DimensionObjectRow,
  type DimensionTypeRow,
  deleteObjects,
  deleteType,
  downloadTemplate,
  exportObjects,
  fetchObjects,
  fetchTypes,
  importObjects,
} from './dimension.api';
import { importReport } from './dimension-logic';

/** 维度管理: the dimension types on the left, the chosen type's objects on the right (search, add, edit, Excel). */
export function DimensionsPanel() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [typeId, setTypeId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DimensionObjectRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [typeEditing, setTypeEditing] = useState<DimensionTypeRow | 'new' | null>(null);

  const types = useQuery({ queryKey: DIMENSION_KEYS.types, queryFn: fetchTypes });
  const type = types.data?.find((t) => t.id === typeId) ?? types.data?.[0];
  const query = { wdid: type?.id, keyword: keyword || undefined, pageNum: page };
  const objects = useQuery({
    queryKey: DIMENSION_KEYS.objects(query),
    queryFn: () => fetchObjects(query),
    enabled: type !== undefined,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['dimension'] });

  const remove = useMutation({
    mutationFn: (row: DimensionObjectRow) => deleteObjects([row.id]),
    onSuccess: async () => {
      message.success(DIMENSION_MSG.deleted);
      await refresh();
    },
  });

  const removeType = useMutation({
    mutationFn: (t: DimensionTypeRow) => deleteType(t.id),
    onSuccess: async () => {
      message.success(DIMENSION_MSG.deleted);
      setTypeId(undefined);
      await refresh();
    },
  });

  const runImport = async (file: File) => {
    setImporting(true);
    try {
      const result = await importObjects(file);
      message.success(DIMENSION_MSG.imported(result.count));
      await refresh();
    } catch (error) {
      const report = importReport(errorText(error, T.importReport));
      modal.error({
        title: T.importReport,
        width: 640,
        content: (
          <div>
            <p>{report.summary}</p>
            {report.lines.length > 0 && (
              <ul className="zg-dimension-import-report" style={{ maxHeight: 320, overflow: 'auto', paddingLeft: 20 }}>
                {report.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        ),
      });
    } finally {
      setImporting(false);
    }
  };

  const columns: TableColumnsType<DimensionObjectRow> = [
    { title: T.colCode, dataIndex: 'dxbm', width: 160, ellipsis: true },
    { title: T.colName, dataIndex: 'dxmc', ellipsis: true },
    {
      title: T.colParent,
      key: 'parent',
      ellipsis: true,
      render: (_, r) => (r.sjmc ? `${r.sjwdmc ?? ''} ${r.sjmc}（${r.sjbm}）` : '—'),
    },
    { title: T.colOrder, dataIndex: 'px', width: 80 },
    {
      title: T.colEnabled,
      dataIndex: 'sfqy',
      width: 80,
      render: (v: boolean) => (v ? <Tag color="green">{T.enabled}</Tag> : <Tag>{T.disabled}</Tag>),
    },
    { title: T.colChildren, dataIndex: 'xjs', width: 80 },
    {
      title: T.colActions,
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {T.edit}
          </Button>
          <Popconfirm
            title={T.confirmDelete(r.dxmc)}
            okText={T.ok}
            cancelText={T.cancel}
            onConfirm={() => remove.mutateAsync(r)}
          >
            <Button type="link" size="small" danger>
              {T.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const choose = (t: DimensionTypeRow) => {
    setTypeId(t.id);
    setPage(1);
    setKeyword('');
  };

  return (
    <Row gutter={16}>
      <Col flex="220px">
        <ItemList
          size="small"
          bordered
          header={<strong>{T.types}</strong>}
          footer={
            <Space wrap size={4}>
              <Button size="small" onClick={() => setTypeEditing('new')}>
                {T.addType}
              </Button>
              <Button size="small" disabled={!type} onClick={() => type && setTypeEditing(type)}>
                {T.editType}
              </Button>
              {type && !type.nz && (
                <Popconfirm
                  title={T.confirmDeleteType(type.wdmc)}
                  okText={T.ok}
                  cancelText={T.cancel}
                  onConfirm={() => removeType.mutateAsync(type)}
                >
                  <Button size="small" danger>
                    {T.deleteType}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          }
          loading={types.isLoading}
          items={(types.data ?? []).map((t) => ({
            key: t.id,
            selected: t.id === type?.id,
            title: (
              <Button
                type="text"
                size="small"
                aria-pressed={t.id === type?.id}
                onClick={() => choose(t)}
                style={{ width: '100%', textAlign: 'left', fontWeight: t.id === type?.id ? 600 : undefined }}
              >
                {t.wdmc}
                <span style={{ float: 'right', color: 'rgba(0,0,0,0.65)' }}>{T.objectCount(t.dxs)}</span>
              </Button>
            ),
          }))}
        />
      </Col>
      <Col flex="auto">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Input.Search
              key={type?.id}
              aria-label={T.searchPlaceholder}
              placeholder={T.searchPlaceholder}
              allowClear
              enterButton={T.search}
              style={{ width: 300 }}
              maxLength={60}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            <Button type="primary" disabled={!type} onClick={() => setEditing('new')}>
              {T.add}
            </Button>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void runImport(file);
                return false;
              }}
            >
              <Button loading={importing}>{importing ? T.importing : T.import}</Button>
            </Upload>
            <Button
              disabled={!type}
              onClick={() => void exportObjects({ wdid: type?.id, keyword: keyword || undefined }).catch(() => {})}
            >
              {T.export}
            </Button>
            <Button onClick={() => void downloadTemplate().catch(() => {})}>{T.template}</Button>
          </Space>
          <ListTable<DimensionObjectRow>
            rowKey="id"
            size="middle"
            loading={objects.isFetching}
            columns={columns}
            rows={objects.data?.list}
            empty={type ? T.noData : T.pickType}
            pager={{ current: page, total: objects.data?.total ?? 0, onChange: setPage }}
          />
        </Space>
      </Col>
      {typeEditing !== null && (
        <TypeDialog
          type={typeEditing === 'new' ? null : typeEditing}
          onClose={() => setTypeEditing(null)}
          onSaved={async (saved) => {
            setTypeEditing(null);
            setTypeId(saved.id);
            await refresh();
          }}
        />
      )}
      {type && editing !== null && (
        <ObjectDialog
          type={type}
          types={types.data ?? []}
          object={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </Row>
  );
}
