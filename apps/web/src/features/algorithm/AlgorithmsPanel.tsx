import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALGORITHM_KIND_NAMES,
  ALGORITHM_LIMITS,
  ALGORITHM_MSG,
  type Algorithm,
  type AlgorithmGroupNode,
  ALGORITHM_TEXT as T,
} from '@zg/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Modal,
  Pagination,
  Row,
  Skeleton,
  Space,
  Spin,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { EmptyState } from '../../components/EmptyState';
import { AlgorithmEditor } from './AlgorithmEditor';
import { ALGORITHM_KEYS, deleteGroup, fetchAlgorithms, fetchGroups, insertGroup, updateGroup } from './algorithm.api';
import { findGroup, groupTreeData } from './algorithm.logic';

type GroupEdit = { mode: 'add'; parent: AlgorithmGroupNode | null } | { mode: 'rename'; group: AlgorithmGroupNode };

/**
 * 算法管理 (数据管理 tab): the group tree on the left, the group's algorithms (search by name) below it, and the
 * editor of the chosen algorithm on the right.
 */
export function AlgorithmsPanel() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | 'new' | null>(null);
  const [groupEdit, setGroupEdit] = useState<GroupEdit | null>(null);
  const [groupForm] = Form.useForm<{ zmc: string }>();

  const groups = useQuery({ queryKey: ALGORITHM_KEYS.groups, queryFn: fetchGroups });
  const group = groupId === undefined ? undefined : findGroup(groups.data ?? [], groupId);
  const query = { current: page, sfzid: group?.id, name: name || undefined };
  const algorithms = useQuery({
    queryKey: ALGORITHM_KEYS.list(query),
    queryFn: () => fetchAlgorithms(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ALGORITHM_KEYS.all });

  const saveGroup = useMutation({
    mutationFn: async ({ zmc }: { zmc: string }) => {
      if (!groupEdit) return null;
      if (groupEdit.mode === 'add') return insertGroup({ zmc: zmc.trim(), fid: groupEdit.parent?.id ?? null });
      const g = groupEdit.group;
      return updateGroup({ id: g.id, zmc: zmc.trim(), fid: g.fid, px: g.px });
    },
    onSuccess: async (g) => {
      message.success(groupEdit?.mode === 'add' ? ALGORITHM_MSG.created : ALGORITHM_MSG.saved);
      setGroupEdit(null);
      await refresh();
      if (g) setGroupId(g.id);
    },
  });

  const openGroupEdit = (edit: GroupEdit) => setGroupEdit(edit);
  const removeGroup = (g: AlgorithmGroupNode) =>
    modal.confirm({
      title: T.deleteGroupTitle(g.zmc),
      content: T.deleteGroupContent,
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        await deleteGroup(g.id);
        message.success(ALGORITHM_MSG.deleted);
        setGroupId(undefined);
        await refresh();
      },
    });

  return (
    <Row gutter={16} className="zg-algorithms">
      <Col xs={24} lg={8} xl={7}>
        <Card
          size="small"
          title={T.groups}
          extra={
            <Space size={0}>
              <Button type="link" size="small" onClick={() => openGroupEdit({ mode: 'add', parent: null })}>
                {T.addGroup}
              </Button>
              <Button
                type="link"
                size="small"
                disabled={!group}
                onClick={() => group && openGroupEdit({ mode: 'add', parent: group })}
              >
                {T.addSubGroup}
              </Button>
              <Button
                type="link"
                size="small"
                disabled={!group}
                onClick={() => group && openGroupEdit({ mode: 'rename', group })}
              >
                {T.renameGroup}
              </Button>
              <Button type="link" size="small" danger disabled={!group} onClick={() => group && removeGroup(group)}>
                {T.delete}
              </Button>
            </Space>
          }
        >
          {groups.isPending ? (
            <Skeleton active title={false} />
          ) : groups.isError ? (
            <Alert type="error" showIcon message={errorText(groups.error, T.groupsFailed)} />
          ) : groups.data.length === 0 ? (
            <EmptyState description={T.noGroups} />
          ) : (
            <Tree
              aria-label={T.groups}
              blockNode
              defaultExpandAll
              treeData={groupTreeData(groups.data)}
              selectedKeys={group ? [String(group.id)] : []}
              onSelect={(keys) => {
                // A second click on the chosen group keeps it chosen (a tree would deselect it).
                const k = keys[0];
                if (k === undefined) return;
                setGroupId(Number(k));
                setPage(1);
              }}
            />
          )}
        </Card>
        <Card
          size="small"
          title={group ? T.groupAlgorithms(group.zmc) : T.allAlgorithms}
          style={{ marginTop: 12 }}
          extra={
            <Button
              type="link"
              size="small"
              disabled={!group}
              title={group ? '' : T.pickGroupFirst}
              onClick={() => setChosen('new')}
            >
              {T.addAlgorithm}
            </Button>
          }
        >
          <Input.Search
            aria-label={T.searchLabel}
            placeholder={T.searchPlaceholder}
            allowClear
            maxLength={60}
            onSearch={(v) => {
              setName(v.trim());
              setPage(1);
            }}
          />
          {/* A plain list (antd 6.6 deprecates List): the group's algorithms, ten a page. */}
          <Spin spinning={algorithms.isPending}>
            {(algorithms.data?.records.length ?? 0) === 0 ? (
              <EmptyState description={name ? T.noMatch : T.noAlgorithms} />
            ) : (
              <ul className="zg-algorithm-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {algorithms.data?.records.map((a: Algorithm) => (
                  <li key={a.id} style={{ padding: '4px 0' }}>
                    <Button
                      type={chosen === a.id ? 'primary' : 'text'}
                      ghost={chosen === a.id}
                      block
                      className="zg-algorithm-list__item"
                      onClick={() => setChosen(a.id)}
                      aria-pressed={chosen === a.id}
                    >
                      {/* The name from the left edge (wrapping when long), its two tags together at the right. */}
                      <span className="zg-algorithm-list__name">{a.sfmc}</span>
                      <span className="zg-algorithm-list__tags">
                        <Tag>{ALGORITHM_KIND_NAMES[a.sflx]}</Tag>
                        <Tag color="blue">{T.version(a.sfbb)}</Tag>
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {(algorithms.data?.total ?? 0) > 10 && (
              <Pagination
                size="small"
                style={{ marginTop: 8, textAlign: 'right' }}
                current={page}
                total={algorithms.data?.total}
                pageSize={10}
                onChange={setPage}
                showSizeChanger={false}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card size="small" title={chosen === 'new' ? T.addAlgorithmIn(group?.zmc ?? '') : T.editorTitle}>
          {chosen === null ? (
            <EmptyState description={T.chooseAlgorithm} />
          ) : (
            <AlgorithmEditor
              key={String(chosen)}
              id={chosen}
              groupId={group?.id}
              onSaved={(a) => setChosen(a.id)}
              onDeleted={() => setChosen(null)}
            />
          )}
        </Card>
      </Col>
      <Modal
        open={groupEdit !== null}
        title={
          groupEdit?.mode === 'rename'
            ? T.renameGroupTitle
            : groupEdit?.parent
              ? T.addSubGroupTitle(groupEdit.parent.zmc)
              : T.addGroupTitle
        }
        okText={T.save}
        cancelText={T.cancel}
        confirmLoading={saveGroup.isPending}
        onOk={() => groupForm.submit()}
        onCancel={() => setGroupEdit(null)}
        destroyOnHidden
      >
        <Form
          form={groupForm}
          layout="vertical"
          initialValues={{ zmc: groupEdit?.mode === 'rename' ? groupEdit.group.zmc : '' }}
          onFinish={(v) => saveGroup.mutate(v)}
        >
          <Form.Item
            name="zmc"
            label={T.groupName}
            rules={[{ required: true, whitespace: true, message: ALGORITHM_MSG.nameRequired }]}
          >
            <Input maxLength={ALGORITHM_LIMITS.nameMax} autoFocus />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">{T.groupDepth(ALGORITHM_LIMITS.groupDepthMax)}</Typography.Text>
      </Modal>
    </Row>
  );
}
