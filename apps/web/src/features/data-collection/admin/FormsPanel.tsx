import type { FormDirectoryNode } from '@zg/contract';
import { COLLECTION_TEXT as C, COLLECTION_LIMITS, COLLECTION_MSG as M } from '@zg/contract';
import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Space,
  type TableColumnsType,
  Tag,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { ListTable } from '../../../components/ListTable';
import type { CollectionForm } from '../collection.logic';
import {
  useDeleteDirectory,
  useDeleteForm,
  useDirectoryTree,
  useForms,
  usePublishForm,
  useSaveDirectory,
} from '../data-collection.api';
import { publishBlocked } from '../designer.logic';
import { directoryOptions, directoryPath, findDirectory, subtreeIds } from '../directory.logic';
import { FormDesigner } from './FormDesigner';
import { actionsColumn, RowDelete, RowLink } from './row-actions';
import { useAdminActions } from './use-admin-actions';
import { useEditDialog } from './use-edit-dialog';

/**
 * 表单管理: the directory tree on the left, the forms of the chosen directory (or all of them) on the right;
 * 设计 opens the designer at <base>/<id>, 新增表单 at <base>/new?directoryId=<id>.
 */
export function FormsPanel({ base }: { base: string }) {
  return (
    <Routes>
      <Route path="new" element={<FormDesigner base={base} formId={null} />} />
      <Route path=":id" element={<FormDesigner base={base} />} />
      <Route path="*" element={<FormsHome base={base} />} />
    </Routes>
  );
}

function FormsHome({ base }: { base: string }) {
  const [directoryId, setDirectoryId] = useState<number | null>(null);
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="300px">
        <DirectoryTree selected={directoryId} onSelect={setDirectoryId} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <FormList base={base} directoryId={directoryId} />
      </Col>
    </Row>
  );
}

// ---- the directory tree ----

interface DirectoryTreeNode {
  key: number;
  title: string;
  children: DirectoryTreeNode[];
}

interface DirectoryForm {
  name: string;
  parentId: number | null;
  sortOrder: number;
}

function DirectoryTree({ selected, onSelect }: { selected: number | null; onSelect: (id: number | null) => void }) {
  const { report } = useAdminActions();
  const tree = useDirectoryTree();
  const save = useSaveDirectory();
  const remove = useDeleteDirectory();
  const dialog = useEditDialog<DirectoryForm>();
  const nodes = tree.data ?? [];
  const current = selected === null ? null : findDirectory(nodes, selected);

  const treeData = useMemo(() => {
    const toNode = (d: FormDirectoryNode): DirectoryTreeNode => ({
      key: d.id,
      title: `${d.name}（${d.forms}）`,
      children: d.children.map(toNode),
    });
    return nodes.map(toNode);
  }, [nodes]);

  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button type="primary" onClick={() => dialog.open({ name: '', parentId: null, sortOrder: 0 })}>
          {C.addDirectory}
        </Button>
        <Button
          disabled={!current}
          onClick={() => current && dialog.open({ name: '', parentId: current.id, sortOrder: 0 })}
        >
          {C.addSubDirectory}
        </Button>
      </Space>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button
          disabled={!current}
          onClick={() =>
            current &&
            dialog.open({ name: current.name, parentId: current.parentId, sortOrder: current.sortOrder }, current.id)
          }
        >
          {C.editDirectory}
        </Button>
        <Popconfirm
          title={current ? C.deleteDirectoryConfirm(current.name) : ''}
          okText={C.confirm}
          cancelText={C.cancel}
          disabled={!current}
          onConfirm={() => current && void report(remove.mutateAsync(current.id), M.deleted, () => onSelect(null))}
        >
          <Button danger disabled={!current}>
            {C.delete}
          </Button>
        </Popconfirm>
      </Space>
      <Typography.Link onClick={() => onSelect(null)} strong={selected === null}>
        {C.allForms}
      </Typography.Link>
      {tree.isLoading ? (
        <Typography.Paragraph type="secondary">{C.loading}</Typography.Paragraph>
      ) : nodes.length === 0 ? (
        <EmptyState description={tree.error?.message ?? C.noDirectories} />
      ) : (
        <Tree
          aria-label={C.directories}
          blockNode
          defaultExpandAll
          selectedKeys={selected === null ? [] : [selected]}
          treeData={treeData}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : null)}
        />
      )}
      <FormDialog<DirectoryForm>
        {...dialog.dialog}
        title={dialog.isNew ? C.addDirectory : C.editDirectory}
        pending={save.isPending}
        onSubmit={(v) => {
          const body = { name: v.name, parentId: v.parentId ?? null, sortOrder: v.sortOrder ?? 0 };
          return save.mutateAsync(dialog.withId(body)).then((saved) => onSelect(saved.id));
        }}
      >
        <Form.Item
          name="name"
          label={C.directoryName}
          rules={[{ required: true, whitespace: true, message: C.nameRequiredShort }]}
        >
          <Input maxLength={COLLECTION_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="parentId" label={C.parentDirectory}>
          <TreeSelect
            allowClear
            placeholder={C.topLevel}
            treeDefaultExpandAll
            treeData={directoryOptions(nodes, dialog.editingId ? subtreeIds(nodes, dialog.editingId) : [])}
          />
        </Form.Item>
        <Form.Item name="sortOrder" label={C.order}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
      </FormDialog>
    </div>
  );
}

// ---- the forms ----

function FormList({ base, directoryId }: { base: string; directoryId: number | null }) {
  const { confirm, report } = useAdminActions();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const forms = useForms({ directoryId: directoryId ?? undefined, keyword });
  const tree = useDirectoryTree();
  const remove = useDeleteForm();
  const publish = usePublishForm();

  const confirmPublish = (f: CollectionForm) =>
    confirm({
      title: C.publishConfirm(f.name, f.version + 1),
      content: C.publishHint,
      onOk: () => report(publish.mutateAsync(f.id), (p) => M.published(p.version)),
    });

  const columns: TableColumnsType<CollectionForm> = [
    { title: C.formName, dataIndex: 'name', ellipsis: true },
    {
      title: C.formDirectory,
      key: 'directory',
      ellipsis: true,
      render: (_v, f) => directoryPath(tree.data ?? [], f.directoryId),
    },
    { title: C.table, dataIndex: 'tableName', ellipsis: true },
    { title: C.tableType, dataIndex: 'tableType', width: 90, render: (t: 'fixed' | 'floating') => C.tableTypes[t] },
    { title: C.fieldCount, key: 'fields', width: 80, render: (_v, f) => f.fields.length },
    {
      title: C.version,
      key: 'version',
      width: 190,
      render: (_v, f) =>
        f.version === 0 ? (
          <Tag>{C.notPublished}</Tag>
        ) : (
          <Space size={4}>
            <Tag color="green">{C.versionNo(f.version)}</Tag>
            {f.changedSincePublish && <Tag color="orange">{C.changedSincePublish}</Tag>}
          </Space>
        ),
    },
    actionsColumn(190, (f) => (
      <>
        <RowLink label={C.design} name={f.name} onClick={() => navigate(`${base}/${f.id}`)} />
        <Tooltip title={f.abilities.publish ? undefined : publishBlocked(f)}>
          <Button
            type="link"
            aria-label={`${C.publish} ${f.name}`}
            disabled={!f.abilities.publish}
            onClick={() => confirmPublish(f)}
          >
            {C.publish}
          </Button>
        </Tooltip>
        <RowDelete
          name={f.name}
          confirm={C.deleteFormConfirm(f.name)}
          disabled={!f.abilities.remove}
          onDelete={() => void report(remove.mutateAsync(f.id), M.deleted)}
        />
      </>
    )),
  ];

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label={C.searchForms}
          placeholder={C.searchForms}
          style={{ width: 240 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <Tooltip title={directoryId === null ? C.directoryFirst : undefined}>
          <Button
            type="primary"
            disabled={directoryId === null}
            onClick={() => navigate(`${base}/new?directoryId=${directoryId}`)}
          >
            {C.addForm}
          </Button>
        </Tooltip>
      </Space>
      <ListTable
        size="middle"
        aria-label={C.forms}
        rows={forms.data}
        loading={forms.isFetching}
        error={forms.error}
        pager="local"
        empty={C.noForms}
        pageSize={10}
        columns={columns}
      />
    </div>
  );
}
