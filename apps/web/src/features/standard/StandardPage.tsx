import { DIMENSIONS, STANDARD_MSG, STANDARD_STATE_NAMES, type StandardChange, type StandardSystem } from '@zg/contract';
import { Alert, App, Button, Card, Descriptions, Dropdown, Select, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/errors';
import { EmptyState } from '../../components/EmptyState';
import { AuthorityDialog } from './components/AuthorityDialog';
import { CatalogPanel } from './components/CatalogPanel';
import { DepotPanel } from './components/DepotPanel';
import { ImportDialog } from './components/ImportDialog';
import { RecyclePanel } from './components/RecyclePanel';
import { SystemDialog } from './components/SystemDialog';
import {
  downloadTemplate,
  exportSystem,
  useGlobalAbilities,
  useStandardActions,
  useSystems,
  useTargetFull,
} from './standard.api';
import { yearsText } from './standard.logic';

const dimensionName = (code: string) => DIMENSIONS.find((d) => d.code === code)?.name ?? code;

/** How a system reads in the select: 名称（V2 · 草稿）. */
export function systemLabel(s: StandardSystem): string {
  return `${s.name}（V${s.version} · ${STANDARD_STATE_NAMES[s.state]}）`;
}

/**
 * 目标标准 (/target): the standard systems the user may read, one chosen (its id in the address, ?id=3) with its
 * actions; its catalogue (tree and node form), the task depot and the recycle bin. Buttons follow the abilities the
 * server sends with each system.
 */
export default function StandardPage() {
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const systems = useSystems({}, 1);
  const abilities = useGlobalAbilities();
  const actions = useStandardActions();
  const [editing, setEditing] = useState<StandardSystem | 'new' | null>(null);
  const [authority, setAuthority] = useState<StandardSystem | null>(null);
  const [importing, setImporting] = useState(false);
  const [tab, setTab] = useState('catalog');

  const list = systems.data?.records ?? [];
  const wanted = Number(params.get('id')) || null;
  const chosenId = wanted && list.some((s) => s.id === wanted) ? wanted : (list[0]?.id ?? null);
  const full = useTargetFull(chosenId);
  const system = full.data?.system ?? list.find((s) => s.id === chosenId) ?? null;
  const can = system?.abilities;
  const canCreate = abilities.data?.create ?? false;

  const choose = (id: number | null) => setParams(id ? { id: String(id) } : {}, { replace: true });

  /** Where a change went: a new version (a diagnosis task uses the system) is chosen and announced. */
  const changed = (change: StandardChange) => {
    if (change.versioned) {
      modal.info({ title: '已生成新版本', content: change.message || STANDARD_MSG.newVersion(change.version) });
      choose(change.systemId);
    } else message.success(change.message || STANDARD_MSG.saved);
  };

  const publish = (s: StandardSystem) =>
    modal.confirm({
      title: `发布“${s.name}”？`,
      content: '发布后诊改任务即可使用该目标标准；之后对目录的修改在被任务使用时会保存为新版本。',
      okText: '发布',
      cancelText: '取消',
      onOk: async () => {
        await actions.publish.mutateAsync(s.id);
        message.success(STANDARD_MSG.published);
      },
    });

  const remove = (s: StandardSystem) =>
    modal.confirm({
      title: `删除“${s.name}”？`,
      content: '删除后可在回收站恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await actions.removeSystem.mutateAsync(s.id);
        message.success(STANDARD_MSG.deleted);
        choose(null);
      },
    });

  const copy = (s: StandardSystem) =>
    modal.confirm({
      title: `复制“${s.name}”为下一年度？`,
      content: `将复制目录、规则和权限，生成 ${yearsText(s.startYear + 1, s.endYear + 1)} 的草稿。`,
      okText: '复制',
      cancelText: '取消',
      onOk: async () => {
        const copied = await actions.copy.mutateAsync(s.id);
        message.success(STANDARD_MSG.copied(copied.name));
        choose(copied.id);
      },
    });

  if (systems.isPending)
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  if (systems.isError)
    return (
      <Card variant="borderless">
        <Alert type="error" showIcon title={errorText(systems.error, '目标标准加载失败')} />
      </Card>
    );

  const toolbar = (
    <Space wrap>
      {canCreate && (
        <Button type="primary" onClick={() => setEditing('new')}>
          新建
        </Button>
      )}
      {can?.write && system && <Button onClick={() => setEditing(system)}>编辑</Button>}
      {canCreate && system && <Button onClick={() => copy(system)}>复制为下一年</Button>}
      {can?.write && system?.state === 'draft' && <Button onClick={() => publish(system)}>发布</Button>}
      {can?.authority && system && <Button onClick={() => setAuthority(system)}>权限</Button>}
      {(canCreate || can?.write) && <Button onClick={() => setImporting(true)}>导入</Button>}
      {system && <Button onClick={() => void exportSystem(system.id).catch(() => undefined)}>导出</Button>}
      {(canCreate || can?.write || can?.remove) && (
        <Dropdown
          menu={{
            items: [
              { key: 'template', label: '下载导入模板', onClick: () => void downloadTemplate().catch(() => undefined) },
              ...(can?.remove && system
                ? [{ key: 'delete', label: '删除目标标准', danger: true, onClick: () => remove(system) }]
                : []),
            ],
          }}
        >
          <Button>更多</Button>
        </Dropdown>
      )}
    </Space>
  );

  return (
    <Card variant="borderless" className="zg-standard-page">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space wrap>
            <Typography.Text strong>目标标准</Typography.Text>
            <Select
              aria-label="选择目标标准"
              style={{ minWidth: 320 }}
              showSearch
              optionFilterProp="label"
              placeholder={list.length ? '请选择目标标准' : '暂无目标标准'}
              value={chosenId ?? undefined}
              onChange={(id: number) => choose(id)}
              options={list.map((s) => ({ value: s.id, label: systemLabel(s) }))}
            />
          </Space>
          {toolbar}
        </Space>
        {!system ? (
          <EmptyState description={canCreate ? '还没有目标标准：请新建，或从 Excel 导入' : '没有可查看的目标标准'}>
            {canCreate && (
              <Space>
                <Button type="primary" onClick={() => setEditing('new')}>
                  新建目标标准
                </Button>
                <Button onClick={() => setImporting(true)}>从 Excel 导入</Button>
              </Space>
            )}
          </EmptyState>
        ) : (
          <>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} aria-label="目标标准信息">
              <Descriptions.Item label="维度">{dimensionName(system.dimension)}</Descriptions.Item>
              <Descriptions.Item label="年度">{yearsText(system.startYear, system.endYear)}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <Tag color={system.state === 'published' ? 'green' : 'default'}>
                  {STANDARD_STATE_NAMES[system.state]}
                </Tag>
                <Tag color="blue">V{system.version}</Tag>
                {!can?.write && <Tag>只读</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="创建人">{system.creatorName ?? '—'}</Descriptions.Item>
            </Descriptions>
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: 'catalog',
                  label: '目录',
                  children: full.isPending ? (
                    <Skeleton active />
                  ) : full.isError ? (
                    <Alert type="error" showIcon title={errorText(full.error, '目录加载失败')} />
                  ) : (
                    <CatalogPanel
                      key={full.data.system.id}
                      system={full.data.system}
                      tree={full.data.tree}
                      canSaveToDepot={abilities.data?.depot ?? false}
                      onChange={changed}
                    />
                  ),
                },
                {
                  key: 'depot',
                  label: '任务库',
                  children: (
                    <DepotPanel
                      system={system}
                      tree={full.data?.tree ?? []}
                      canKeep={abilities.data?.depot ?? false}
                      onChange={changed}
                    />
                  ),
                },
                ...(canCreate || can?.write
                  ? [{ key: 'recycle', label: '回收站', children: <RecyclePanel onChange={changed} /> }]
                  : []),
              ]}
            />
          </>
        )}
      </Space>
      <SystemDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(s) => {
          message.success(editing === 'new' ? STANDARD_MSG.created : STANDARD_MSG.saved);
          setEditing(null);
          choose(s.id);
        }}
      />
      <AuthorityDialog system={authority} onClose={() => setAuthority(null)} />
      <ImportDialog
        open={importing}
        current={system && can?.write ? system : null}
        canCreate={canCreate}
        onClose={() => setImporting(false)}
        onImported={(change) => {
          setImporting(false);
          changed(change);
          choose(change.systemId);
        }}
      />
    </Card>
  );
}

export { StandardPage };
