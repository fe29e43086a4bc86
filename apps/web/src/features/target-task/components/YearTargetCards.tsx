import { confirmDelete, TASK_UI as T, YEAR_TASK_STATUS } from '@zg/contract';
import { App, Button, Card, Pagination, Spin, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { CloseIcon, DownIcon, EditIcon, FileTextIcon } from '../../../components/icons';
import { pagination } from '../../../components/pagination';
import { useDeleteYearTarget, useMoveYearTarget, type YearTarget } from '../target-task.api';
import { statusColor } from '../task-logic';
import '../target-task.css';

/**
 * Year-target cards (spec-1 section 3: name, chargeDepartName, auditorName, creatorName, createTime, cycleYear).
 * Edit and delete icons show only when the server's abilities allow (the target's creator, spec-2 section 6).
 */
export function YearTargetCards({
  targets,
  total,
  current,
  pageSize,
  loading,
  selectedId,
  onPage,
  onSelect,
  onEdit,
  onDocuments,
}: {
  targets: YearTarget[];
  total: number;
  current: number;
  pageSize: number;
  loading: boolean;
  selectedId: number | undefined;
  onPage: (page: number) => void;
  onSelect: (target: YearTarget) => void;
  onEdit: (target: YearTarget) => void;
  onDocuments: (target: YearTarget) => void;
}) {
  const { modal, message } = App.useApp();
  const remove = useDeleteYearTarget();
  const move = useMoveYearTarget();
  if (loading && targets.length === 0) return <Spin className="zg-task-loading" />;
  if (targets.length === 0) return <EmptyState description={T.noYearTargets} />;

  const field = (label: string, value: string | number | null) => (
    <div className="zg-task-card__field">
      <span className="zg-task-card__label">{label}</span>
      <span className="zg-task-card__value">{value ?? '—'}</span>
    </div>
  );
  const icon = (label: string, glyph: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip title={label} key={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        danger={danger}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
      >
        {glyph}
      </Button>
    </Tooltip>
  );

  return (
    <Spin spinning={loading}>
      <ul className="zg-year-targets" aria-label={T.yearTarget}>
        {targets.map((t) => (
          <li key={t.id}>
            <Card
              size="small"
              hoverable
              role="button"
              tabIndex={0}
              aria-pressed={t.id === selectedId}
              className={`zg-year-target${t.id === selectedId ? ' zg-year-target--selected' : ''}`}
              onClick={() => onSelect(t)}
              onKeyDown={(e) => {
                if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
                  e.preventDefault();
                  onSelect(t);
                }
              }}
              title={<span className="zg-year-target__name">{t.name}</span>}
              extra={<Tag color={statusColor(t.status)}>{YEAR_TASK_STATUS[t.status]}</Tag>}
            >
              <div className="zg-task-card__grid">
                {field(T.cycleYear, t.cycleYear)}
                {field(T.chargeDepartName, t.chargeDepartName)}
                {field(T.auditorName, t.auditorName)}
                {field(T.creatorName, t.creatorName)}
                {field(T.createTime, dayjs(t.createTime).format('YYYY-MM-DD HH:mm'))}
                {field(T.taskCount, t.taskCount)}
              </div>
              <div className="zg-year-target__icons">
                {icon(T.documents, <FileTextIcon />, () => onDocuments(t))}
                {t.abilities.edit &&
                  icon(T.moveUp, <DownIcon style={{ transform: 'rotate(180deg)' }} />, () =>
                    move.mutate({ id: t.id, direction: 'up' }),
                  )}
                {t.abilities.edit && icon(T.moveDown, <DownIcon />, () => move.mutate({ id: t.id, direction: 'down' }))}
                {t.abilities.edit && icon(T.edit, <EditIcon />, () => onEdit(t))}
                {t.abilities.delete &&
                  icon(
                    T.delete,
                    <CloseIcon />,
                    () =>
                      modal.confirm({
                        title: confirmDelete(T.yearTarget, t.name),
                        okText: T.confirm,
                        cancelText: T.cancel,
                        okButtonProps: { danger: true },
                        onOk: () =>
                          remove
                            .mutateAsync(t.id)
                            .then(() => message.success(T.deleted))
                            .catch(() => undefined),
                      }),
                    true,
                  )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <Pagination className="zg-pagination" {...pagination({ current, total, pageSize, onChange: onPage })} />
    </Spin>
  );
}
