import { TASK_UI as T, type TaskPageKind, type TaskStatus } from '@zg/contract';
import { Button, Input, Popconfirm, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { YearPicker } from '../../../components/pickers';
import { type TaskFilters, useTaskTypes, useYearTargetOptions } from '../target-task.api';
import { stateOptions } from '../task-logic';
import { DepartmentSelect } from './DepartmentSelect';
import '../target-task.css';

export interface TaskToolbarProps {
  kind: TaskPageKind;
  value: TaskFilters;
  onChange: (next: TaskFilters) => void;
  /** The add button, when the page has one. */
  onAdd?: () => void;
  addLabel?: string;
  /** The delete button, when the page has one; disabled while nothing is chosen. */
  onDelete?: () => void;
  deleteDisabled?: boolean;
  /** Hides the year-target selector (the year-target page picks targets from its cards). */
  hideYearTarget?: boolean;
  extra?: ReactNode;
}

/**
 * The task toolbar of spec-1 section 2: year (目标周期), linked year target (关联年度目标, with 全部), task type (任务类型,
 * with 全部), responsible department (负责部门), department-name search, task state (no 'wait resolve' on the my-task
 * page), task-name search and time sort (按时间升序 / 按时间降序); optional add and delete buttons.
 */
export function TaskToolbar({
  kind,
  value,
  onChange,
  onAdd,
  addLabel = T.add,
  onDelete,
  deleteDisabled,
  hideYearTarget,
  extra,
}: TaskToolbarProps) {
  const targets = useYearTargetOptions();
  const types = useTaskTypes();
  const set = (patch: Partial<TaskFilters>) => onChange({ ...value, ...patch });
  const targetOptions = (targets.data ?? []).filter((t) => value.year === undefined || t.cycleYear === value.year);

  return (
    <section className="zg-task-toolbar" aria-label={T.filters}>
      <Space wrap size={[8, 8]}>
        <YearPicker
          aria-label={T.yearPlaceholder}
          placeholder={T.yearPlaceholder}
          value={value.year ?? null}
          onChange={(year) => set({ year: year ?? undefined, yearTargetId: undefined })}
          style={{ width: 130 }}
        />
        {!hideYearTarget && (
          <Select
            aria-label={T.yearTargetPlaceholder}
            placeholder={T.yearTargetPlaceholder}
            style={{ width: 200 }}
            value={value.yearTargetId}
            onChange={(id: number) => set({ yearTargetId: id === 0 ? undefined : id })}
            options={[{ value: 0, label: T.all }, ...targetOptions.map((t) => ({ value: t.id, label: t.name }))]}
            loading={targets.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
          />
        )}
        <Select
          aria-label={T.taskTypePlaceholder}
          placeholder={T.taskTypePlaceholder}
          style={{ width: 130 }}
          value={value.rwlx}
          onChange={(rwlx: TaskFilters['rwlx'] | '') => set({ rwlx: rwlx || undefined })}
          options={[
            { value: '', label: T.all },
            ...(types.data ?? []).map((t) => ({ value: t.code, label: t.rwlxmc })),
          ]}
        />
        <DepartmentSelect
          aria-label={T.departmentPlaceholder}
          placeholder={T.departmentPlaceholder}
          style={{ width: 160 }}
          allowClear
          value={value.departmentId}
          onChange={(departmentId?: string) => set({ departmentId })}
        />
        <Input.Search
          aria-label={T.departmentNameSearch}
          placeholder={T.departmentNameSearch}
          allowClear
          style={{ width: 200 }}
          defaultValue={value.departmentName}
          onSearch={(name) => set({ departmentName: name.trim() || undefined })}
        />
        <Select
          aria-label={T.taskStatePlaceholder}
          placeholder={T.taskStatePlaceholder}
          style={{ width: 130 }}
          allowClear
          value={value.rwzt}
          onChange={(rwzt?: TaskStatus) => set({ rwzt })}
          options={stateOptions(kind, value.rwzt)}
        />
        <Input.Search
          aria-label={T.taskNameSearch}
          placeholder={T.taskNameSearch}
          allowClear
          style={{ width: 190 }}
          defaultValue={value.rwmc}
          onSearch={(name) => set({ rwmc: name.trim() || undefined })}
        />
        <Select
          aria-label={T.sortDesc}
          style={{ width: 130 }}
          value={value.sort}
          onChange={(sort: 'asc' | 'desc') => set({ sort })}
          options={[
            { value: 'asc', label: T.sortAsc },
            { value: 'desc', label: T.sortDesc },
          ]}
        />
      </Space>
      <Space className="zg-task-toolbar__buttons">
        {extra}
        {onAdd && (
          <Button type="primary" onClick={onAdd}>
            {addLabel}
          </Button>
        )}
        {onDelete && (
          <Popconfirm title={T.deleteSelectedConfirm} onConfirm={onDelete} disabled={deleteDisabled}>
            <Button danger disabled={deleteDisabled}>
              {T.delete}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </section>
  );
}
