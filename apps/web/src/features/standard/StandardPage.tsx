import {
  DIMENSIONS,
  STANDARD_MSG,
  STANDARD_STATE_NAMES,
  type StandardChange,
  type StandardSystem,
  STANDARD_TEXT as T,
} from '@zg/contract';
import { Alert, App, Button, Card, Descriptions, Dropdown, Select, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/errors';
import { EmptyState } from '../../components/EmptyState';
import { RecordHistoryButton } from '../../components/history/RecordHistory';
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
  return T.systemLabel(s.name, s.version, STANDARD_STATE_NAMES[s.state]);
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
      modal.info({ title: T.newVersionTitle, content: change.message || STANDARD_MSG.newVersion(change.version) });
      choose(change.systemId);
    } else message.success(change.message || STANDARD_MSG.saved);
  };

  const publish = (s: StandardSystem) =>
    modal.confirm({
      title: T.publishTitle(s.name),
      content: T.publishContent,
      okText: T.publish,
      cancelText: T.cancel,
      onOk: async () => {
        await actions.publish.mutateAsync(s.id);
        message.success(STANDARD_MSG.published);
      },
    });

  const remove = (s: StandardSystem) =>
    modal.confirm({
      title: T.deleteTitle(s.name),
      content: T.deleteContent,
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        await actions.removeSystem.mutateAsync(s.id);
        message.success(STANDARD_MSG.deleted);
        choose(null);
      },
    });

  const copy = (s: StandardSystem) =>
    modal.confirm({
      title: T.copyTitle(s.name),
      content: T.copyContent(yearsText(s.startYear + 1, s.endYear + 1)),
      okText: T.copy,
      cancelText: T.cancel,
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
        <Alert type="error" showIcon title={errorText(systems.error, T.loadFailed)} />
      </Card>
    );

  const toolbar = (
    <Space wrap>
      {canCreate && (
        <Button type="primary" onClick={() => setEditing('new')}>
          {T.create}
        </Button>
      )}
      {can?.write && system && <Button onClick={() => setEditing(system)}>{T.edit}</Button>}
      {canCreate && system && <Button onClick={() => copy(system)}>{T.copyNextYear}</Button>}
      {can?.write && system?.state === 'draft' && <Button onClick={() => publish(system)}>{T.publish}</Button>}
      {can?.authority && system && <Button onClick={() => setAuthority(system)}>{T.authority}</Button>}
      {(canCreate || can?.write) && <Button onClick={() => setImporting(true)}>{T.import}</Button>}
      {system && <Button onClick={() => void exportSystem(system.id).catch(() => undefined)}>{T.export}</Button>}
      {system && <RecordHistoryButton record={{ entityType: 'standard', entityId: system.id }} />}
      {(canCreate || can?.write || can?.remove) && (
        <Dropdown
          menu={{
            items: [
              { key: 'template', label: T.template, onClick: () => void downloadTemplate().catch(() => undefined) },
              ...(can?.remove && system
                ? [{ key: 'delete', label: T.deleteSystem, danger: true, onClick: () => remove(system) }]
                : []),
            ],
          }}
        >
          <Button>{T.more}</Button>
        </Dropdown>
      )}
    </Space>
  );

  return (
    <Card variant="borderless" className="zg-standard-page">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space wrap>
            <Typography.Text strong>{T.title}</Typography.Text>
            <Select
              aria-label={T.choose}
              style={{ minWidth: 320 }}
              showSearch
              optionFilterProp="label"
              placeholder={list.length ? T.choosePlaceholder : T.none}
              value={chosenId ?? undefined}
              onChange={(id: number) => choose(id)}
              options={list.map((s) => ({ value: s.id, label: systemLabel(s) }))}
            />
          </Space>
          {toolbar}
        </Space>
        {!system ? (
          <EmptyState
            description={
              canCreate ? (
                T.emptyForCreator
              ) : (
                // A reader granted the menu but no system (a 诊改对象 before any grant): why, and whom to ask.
                <Space orientation="vertical" size={4}>
                  <Typography.Text strong>{T.emptyForReader}</Typography.Text>
                  <Typography.Text type="secondary">{T.emptyForReaderHint}</Typography.Text>
                </Space>
              )
            }
          >
            {canCreate && (
              <Space>
                <Button type="primary" onClick={() => setEditing('new')}>
                  {T.createSystem}
                </Button>
                <Button onClick={() => setImporting(true)}>{T.importExcel}</Button>
              </Space>
            )}
          </EmptyState>
        ) : (
          <>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} aria-label={T.info}>
              <Descriptions.Item label={T.dimension}>{dimensionName(system.dimension)}</Descriptions.Item>
              <Descriptions.Item label={T.years}>{yearsText(system.startYear, system.endYear)}</Descriptions.Item>
              <Descriptions.Item label={T.state}>
                <Tag color={system.state === 'published' ? 'green' : 'default'}>
                  {STANDARD_STATE_NAMES[system.state]}
                </Tag>
                <Tag color="blue">{T.version(system.version)}</Tag>
                {!can?.write && <Tag>{T.readOnly}</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label={T.creator}>{system.creatorName ?? T.dash}</Descriptions.Item>
            </Descriptions>
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: 'catalog',
                  label: T.catalogTab,
                  children: full.isPending ? (
                    <Skeleton active />
                  ) : full.isError ? (
                    <Alert type="error" showIcon title={errorText(full.error, T.catalogFailed)} />
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
                  label: T.depotTab,
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
                  ? [{ key: 'recycle', label: T.recycleTab, children: <RecyclePanel onChange={changed} /> }]
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
