import {
  MENUS,
  SHELL_TEXT as T,
  TABLE_CONFIG_LIMITS,
  TABLE_CONFIG_MSG,
  type TableType,
  TABLE_CONFIG_TEXT as X,
} from '@zg/contract';
import { Alert, App, Button, Card, Input, Result, Segmented, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { EditableCell } from '../../components/EditableCell';
import { CloseIcon } from '../../components/icons';
import { ListTable } from '../../components/ListTable';
import { SystemLogo } from '../../components/SystemLogo';
import { useSystemSetting } from '../../session/system-setting';
import {
  addColumn,
  addRow,
  type EditMode,
  editsCells,
  editsHead,
  type Layout,
  removeColumn,
  removeRow,
  sameLayout,
  setCell,
  setHead,
  setType,
} from './layout';
import { useSaveTableConfig, useTableConfig } from './table-config.api';

const EDIT_MODES: EditMode[] = ['headAndCell', 'head', 'cell'];
const TYPES: TableType[] = ['floating', 'fixed'];

/**
 * `/tableConfiguration/{id}` (spec-1 section 2, outside the signed-in layout): the layout of a collection form's
 * table. Column titles and a fixed table's preset cells are edited in place (click, Enter or leaving the cell
 * keeps the text); 预览 shows the table as the filler will see it; 保存 writes the whole layout against the version
 * read. Someone else's configuration (the server's abilities say so) is shown read-only.
 */
/** The list of table configurations (数据管理's 表格配置 tab), where the screen returns to. */
export const TABLE_CONFIG_LIST_PATH = `${MENUS.find((m) => m.key === 'dataManagement')?.path ?? '/dataManage'}/tables`;

export default function TableConfigurationPage() {
  const id = Number(useParams().id);
  const { message } = App.useApp();
  const config = useTableConfig(id);
  const save = useSaveTableConfig();
  const system = useSystemSetting();
  const [layout, setLayout] = useState<Layout | null>(null);
  const [mode, setMode] = useState<EditMode>('headAndCell');
  const [preview, setPreview] = useState(false);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  // A window of its own (opened by the form designer) has nothing to go back to: it closes; a window the browser will
  // not let a script close goes to the list instead.
  const inOwnWindow = !from && window.history.length <= 1;
  const leave = () => {
    if (inOwnWindow) window.close();
    navigate(from ?? TABLE_CONFIG_LIST_PATH);
  };

  // The loaded (or just saved) configuration becomes what is edited.
  useEffect(() => {
    if (config.data) {
      const { name, tableType, head, rows } = config.data;
      setLayout({ name, tableType, head, rows });
    }
  }, [config.data]);

  // Outside the signed-in layout: a slim bar with the platform's logo and name, and the way back (to the list it was
  // opened from, or closing the window the form designer opened).
  const bar = (
    <header className="zg-table-config__bar">
      <SystemLogo url={system.logoUrl} size={28} />
      <span className="zg-table-config__system">{system.systemName}</span>
      <Button className="zg-table-config__back" ghost onClick={leave}>
        {inOwnWindow ? X.closeWindow : X.backToList}
      </Button>
    </header>
  );
  if (!Number.isInteger(id) || id <= 0 || config.isError) {
    return (
      <div className="zg-table-config">
        {bar}
        <Result status="warning" title={config.error?.message ?? TABLE_CONFIG_MSG.notFound} />
      </div>
    );
  }
  if (!config.data || !layout) {
    return (
      <div className="zg-table-config">
        {bar}
        <Spin className="zg-table-config__loading" />
      </div>
    );
  }

  const saved = config.data;
  const readOnly = !saved.abilities.canEdit;
  const dirty = !sameLayout(layout, {
    name: saved.name,
    tableType: saved.tableType,
    head: saved.head,
    rows: saved.rows,
  });
  const onSave = () =>
    save.mutate(
      { id, version: saved.version, ...layout },
      {
        onSuccess: () => message.success(TABLE_CONFIG_MSG.saved),
        onError: (error) => {
          if (!(error instanceof ApiError && error.handled)) message.error(error.message);
        },
      },
    );

  return (
    <div className="zg-table-config">
      {bar}
      <Card variant="borderless" className="zg-table-config__card">
        <div className="zg-table-config__head">
          <div className="zg-table-config__title">
            <Typography.Text type="secondary">{X.pageTitle}</Typography.Text>
            <Typography.Title level={4} className="zg-table-config__name">
              <EditableCell
                aria-label={X.nameLabel}
                value={layout.name}
                maxLength={TABLE_CONFIG_LIMITS.nameMax}
                onSave={(name) => setLayout({ ...layout, name: name.trim() || layout.name })}
                disabled={preview || readOnly}
              />
            </Typography.Title>
            <Typography.Text type="secondary">
              {`${X.createdBy}：${saved.createdByName ?? '—'} ${X.updatedBy}：${saved.updatedByName ?? '—'} ${dayjs(saved.updateTime).format('YYYY-MM-DD HH:mm:ss')}`}
            </Typography.Text>
          </div>
          <Space wrap>
            {dirty && <Tag color="orange">{X.unsaved}</Tag>}
            <Button onClick={() => setPreview((p) => !p)}>
              {preview ? (readOnly ? X.backToTable : X.backToEdit) : X.preview}
            </Button>
            {!readOnly && (
              <Button type="primary" onClick={onSave} loading={save.isPending} disabled={!dirty}>
                {X.save}
              </Button>
            )}
          </Space>
        </div>

        {readOnly && (
          <Alert
            type="info"
            showIcon
            title={TABLE_CONFIG_MSG.readOnly(saved.createdByName)}
            style={{ marginBottom: 16 }}
          />
        )}
        {preview ? (
          <Preview layout={layout} />
        ) : readOnly ? (
          <Grid layout={layout} mode={null} onChange={setLayout} />
        ) : (
          <>
            <div className="zg-table-config__toolbar">
              <Space wrap>
                <span>{X.typeLabel}</span>
                <Segmented<TableType>
                  aria-label={X.typeLabel}
                  value={layout.tableType}
                  options={TYPES.map((t) => ({ value: t, label: X.types[t] }))}
                  onChange={(t) => setLayout(setType(layout, t))}
                />
                <span>{X.editModeLabel}</span>
                <Segmented<EditMode>
                  aria-label={X.editModeLabel}
                  value={mode}
                  options={EDIT_MODES.map((m) => ({ value: m, label: X.editModes[m] }))}
                  onChange={setMode}
                />
              </Space>
              <Space wrap>
                <Button
                  onClick={() => setLayout(addColumn(layout))}
                  disabled={!editsHead(mode) || layout.head.length >= TABLE_CONFIG_LIMITS.maxColumns}
                >
                  {X.addColumn}
                </Button>
                {layout.tableType === 'fixed' && (
                  <Button
                    onClick={() => setLayout(addRow(layout))}
                    disabled={!editsCells(mode) || layout.rows.length >= TABLE_CONFIG_LIMITS.maxRows}
                  >
                    {X.addRow}
                  </Button>
                )}
              </Space>
            </div>
            <Grid layout={layout} mode={mode} onChange={setLayout} />
            {layout.tableType === 'floating' && (
              <Typography.Paragraph type="secondary" className="zg-table-config__hint">
                {X.floatingHint}
              </Typography.Paragraph>
            )}
          </>
        )}
      </Card>
    </div>
  );
}

/** The table being configured: titles and cells that turn into inputs on click (none when `mode` is null: read-only). */
function Grid({ layout, mode, onChange }: { layout: Layout; mode: EditMode | null; onChange: (l: Layout) => void }) {
  const head = mode !== null && editsHead(mode);
  const cells = mode !== null && editsCells(mode);
  return (
    <div className="zg-table-config__scroll">
      <table className="zg-table-config__grid">
        <thead>
          <tr>
            <th className="zg-table-config__index">#</th>
            {layout.head.map((title, col) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by their place.
              <th key={col}>
                <div className="zg-table-config__th">
                  <EditableCell
                    aria-label={X.headCellLabel(col + 1)}
                    value={title}
                    disabled={!head}
                    onSave={(text) => onChange(setHead(layout, col, text.trim() || X.columnTitle(col + 1)))}
                  />
                  {head && layout.head.length > 1 && (
                    <Button
                      type="text"
                      size="small"
                      aria-label={`${X.removeColumn}：${title}`}
                      icon={<CloseIcon />}
                      onClick={() => onChange(removeColumn(layout, col))}
                    />
                  )}
                </div>
              </th>
            ))}
            {layout.tableType === 'fixed' && <th className="zg-table-config__actions" />}
          </tr>
        </thead>
        <tbody>
          {layout.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their place.
            <tr key={r}>
              <td className="zg-table-config__index">{r + 1}</td>
              {row.map((text, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their place.
                <td key={c}>
                  <EditableCell
                    aria-label={X.cellLabel(r + 1, c + 1)}
                    value={text}
                    disabled={!cells}
                    placeholder={cells ? T.editCellHint : ''}
                    onSave={(next) => onChange(setCell(layout, r, c, next))}
                  />
                </td>
              ))}
              <td className="zg-table-config__actions">
                {cells && (
                  <Button
                    type="text"
                    size="small"
                    danger
                    aria-label={`${X.removeRow}：${r + 1}`}
                    icon={<CloseIcon />}
                    onClick={() => onChange(removeRow(layout, r))}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table as the filler sees it: preset text as it is, the other cells to fill in. */
function Preview({ layout }: { layout: Layout }) {
  const rows = layout.tableType === 'fixed' ? layout.rows : [layout.head.map(() => '')];
  return (
    <div className="zg-table-config__preview">
      <Typography.Paragraph type="secondary">{X.previewHint}</Typography.Paragraph>
      <ListTable
        size="small"
        bordered
        pager={false}
        rowKey="key"
        scroll={{ x: 'max-content' }}
        columns={layout.head.map((title, c) => ({
          key: String(c),
          title,
          render: (_v: unknown, row: { key: number; cells: string[] }) =>
            row.cells[c] ? (
              row.cells[c]
            ) : (
              <Input size="small" placeholder={X.fillHere} aria-label={`${title}${X.fillHere}`} />
            ),
        }))}
        rows={rows.map((cells, key) => ({ key, cells }))}
      />
    </div>
  );
}
