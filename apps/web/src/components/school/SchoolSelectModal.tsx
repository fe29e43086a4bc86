import {
  LIMITS,
  type School,
  schoolCheckLabel,
  schoolCountHint,
  schoolRemoveLabel,
  schoolSelectedCount,
  schoolTotalText,
  SHELL_TEXT as T,
} from '@zg/contract';
import { Button, Checkbox, Input, Modal, Select, Space, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../EmptyState';
import { CloseIcon, SearchIcon, SettingIcon } from '../icons';
import { ListTable } from '../ListTable';
import { LoadError } from '../LoadError';
import { useDebouncedValue } from '../pickers/use-debounced-value';
import { SchoolSettingsModal } from './SchoolSettingsModal';
import { useSchoolList, useSchoolOptions, useSchoolSetting } from './school.api';

/** Spec-1 section 2: the list column is 456 high with 30-high rows. */
export const SCHOOL_PANEL_HEIGHT = 456;
export const SCHOOL_ROW_HEIGHT = 30;
const TOOLBAR_HEIGHT = 40;
const TABLE_HEAD_HEIGHT = 34;
const FOOT_HEIGHT = 24;

/** A common query of the left column: a saved level or nature (a saved region sets the province filter). */
type Quick = { kind: 'level' | 'nature'; value: string } | null;

/** Whether one more school may be checked (spec-1 section 4: at the maximum, unchecked boxes are disabled). */
export function canAddMore(selected: number, max: number | undefined): boolean {
  return typeof max !== 'number' || selected < max;
}

export interface SchoolSelectModalProps {
  open: boolean;
  /** The schools checked when the modal opens. */
  value: readonly School[];
  /** Shown in the footer hint; not enforced by the picker (spec-1 section 5). */
  min?: number;
  /** Shown in the footer hint; at the maximum the unchecked boxes are disabled. */
  max?: number;
  title?: string;
  confirmLoading?: boolean;
  onOk: (schools: School[]) => void;
  onCancel: () => void;
}

/**
 * Spec-1 section 2's school selection modal, three columns: common queries with a settings link; the searchable
 * school list with a province filter (index, name, province, checkbox); the selected schools with a remove mark
 * each and clear-all. The footer states the minimum and maximum.
 */
export function SchoolSelectModal({
  open,
  value,
  min,
  max,
  title = T.schoolModalTitle,
  confirmLoading,
  onOk,
  onCancel,
}: SchoolSelectModalProps) {
  const [selected, setSelected] = useState<School[]>([]);
  const [name, setName] = useState('');
  const [province, setProvince] = useState<string | undefined>();
  const [quick, setQuick] = useState<Quick>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const term = useDebouncedValue(name.trim(), LIMITS.userPickerDebounceMs);

  // Each opening starts from the caller's schools (as they are then) and an unfiltered list.
  const initial = useRef(value);
  initial.current = value;
  useEffect(() => {
    if (!open) return;
    setSelected([...initial.current]);
    setName('');
    setProvince(undefined);
    setQuick(null);
  }, [open]);

  const filter = {
    ...(term ? { name: term } : {}),
    ...(province ? { province } : {}),
    ...(quick ? { [quick.kind]: quick.value } : {}),
  };
  const list = useSchoolList(filter, open);
  const options = useSchoolOptions(open);
  const setting = useSchoolSetting(open);

  const chosen = useMemo(() => new Set(selected.map((s) => s.schoolCode)), [selected]);
  const roomLeft = canAddMore(selected.length, max);
  const toggle = (school: School) => {
    if (chosen.has(school.schoolCode)) setSelected((s) => s.filter((x) => x.schoolCode !== school.schoolCode));
    else if (roomLeft) setSelected((s) => [...s, school]);
  };

  const columns: TableColumnsType<School> = [
    { title: T.indexColumn, key: 'index', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: T.schoolNameColumn, dataIndex: 'schoolName', ellipsis: true },
    { title: T.provinceColumn, dataIndex: 'schoolProvince', width: 80 },
    {
      title: '',
      key: 'check',
      width: 48,
      align: 'center',
      render: (_v, school) => {
        const checked = chosen.has(school.schoolCode);
        return (
          <Checkbox
            aria-label={schoolCheckLabel(school.schoolName)}
            checked={checked}
            disabled={!checked && !roomLeft}
            onClick={(e) => e.stopPropagation()}
            onChange={() => toggle(school)}
          />
        );
      },
    },
  ];

  const saved = setting.data && setting.data.state !== false ? setting.data : null;
  const groups = saved
    ? [
        { label: T.schoolLevel, kind: 'level' as const, values: saved.schoolLevel },
        { label: T.schoolNature, kind: 'nature' as const, values: saved.schoolNature },
        { label: T.schoolRegion, kind: 'province' as const, values: saved.schoolProvince },
      ].filter((g) => g.values.length > 0)
    : [];
  const isActive = (kind: 'level' | 'nature' | 'province', v: string) =>
    kind === 'province' ? province === v : quick?.kind === kind && quick.value === v;
  const applyQuick = (kind: 'level' | 'nature' | 'province', v: string) => {
    if (kind === 'province') setProvince(province === v ? undefined : v);
    else setQuick(isActive(kind, v) ? null : { kind, value: v });
  };
  const hint = schoolCountHint(min, max);

  return (
    <>
      <Modal
        open={open}
        title={title}
        width={1080}
        onCancel={onCancel}
        destroyOnHidden
        className="zg-school-modal"
        footer={
          <div className="zg-school__footer">
            <span className="zg-school__hint">{hint}</span>
            <Space>
              <Button onClick={onCancel}>{T.cancel}</Button>
              <Button type="primary" loading={confirmLoading} onClick={() => onOk(selected)}>
                {T.confirm}
              </Button>
            </Space>
          </div>
        }
      >
        <div className="zg-school" style={{ height: SCHOOL_PANEL_HEIGHT }}>
          <section className="zg-school__col zg-school__queries" aria-label={T.commonQueries}>
            <div className="zg-school__col-head">
              <span>{T.commonQueries}</span>
              <Button type="link" size="small" icon={<SettingIcon />} onClick={() => setSettingsOpen(true)}>
                {T.settings}
              </Button>
            </div>
            <div className="zg-school__col-body">
              <button
                type="button"
                className="zg-school__query"
                aria-pressed={!quick && !province}
                onClick={() => {
                  setQuick(null);
                  setProvince(undefined);
                }}
              >
                {T.allSchools}
              </button>
              {setting.isSuccess && groups.length === 0 && (
                <div className="zg-school__no-queries">{T.noCommonQueries}</div>
              )}
              {groups.map((g) => (
                <div key={g.kind} className="zg-school__query-group">
                  <div className="zg-school__query-label">{g.label}</div>
                  {g.values.map((v) => (
                    <button
                      key={v}
                      type="button"
                      className="zg-school__query"
                      aria-pressed={isActive(g.kind, v)}
                      onClick={() => applyQuick(g.kind, v)}
                    >
                      {v}
                    </button>
                  ))}
                </div>
              ))}
            </div>
          </section>

          <section className="zg-school__col zg-school__list" aria-label={T.schoolModalTitle}>
            <div className="zg-school__toolbar" style={{ height: TOOLBAR_HEIGHT }}>
              <Input
                allowClear
                aria-label={T.schoolSearch}
                placeholder={T.schoolSearch}
                prefix={<SearchIcon />}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                aria-label={T.provinceColumn}
                className="zg-school__province"
                placeholder={T.allProvinces}
                value={province}
                onChange={(v) => setProvince(v ?? undefined)}
                options={(options.data?.provinces ?? []).map((p) => ({ value: p, label: p }))}
              />
            </div>
            <ListTable<School>
              className="zg-school__table"
              size="small"
              rowKey="schoolCode"
              columns={columns}
              rows={list.data?.list}
              loading={list.isFetching}
              pager={false}
              scroll={{ y: SCHOOL_PANEL_HEIGHT - TOOLBAR_HEIGHT - TABLE_HEAD_HEIGHT - FOOT_HEIGHT }}
              locale={{
                emptyText: list.error ? (
                  <LoadError error={list.error} onRetry={() => void list.refetch()} />
                ) : (
                  <EmptyState />
                ),
              }}
              onRow={(school) => ({
                onClick: () => toggle(school),
                className: chosen.has(school.schoolCode) ? 'zg-school__row--checked' : undefined,
              })}
            />
            <div className="zg-school__total" style={{ height: FOOT_HEIGHT }}>
              {list.data ? schoolTotalText(list.data.total) : ''}
            </div>
          </section>

          <section className="zg-school__col zg-school__selected" aria-label={T.selectedSchools}>
            <div className="zg-school__col-head">
              <span>
                {T.selectedSchools}
                <span className="zg-school__count">{schoolSelectedCount(selected.length)}</span>
              </span>
              <Button type="link" size="small" danger disabled={selected.length === 0} onClick={() => setSelected([])}>
                {T.clearAll}
              </Button>
            </div>
            <div className="zg-school__col-body">
              {selected.length === 0 ? (
                <EmptyState />
              ) : (
                <ul className="zg-school__chosen">
                  {selected.map((school) => (
                    <li key={school.schoolCode} className="zg-school__chosen-item">
                      <span className="zg-school__chosen-name" title={school.schoolName}>
                        {school.schoolName}
                      </span>
                      <button
                        type="button"
                        className="zg-school__remove"
                        aria-label={schoolRemoveLabel(school.schoolName)}
                        onClick={() => toggle(school)}
                      >
                        <CloseIcon />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        </div>
      </Modal>
      <SchoolSettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
