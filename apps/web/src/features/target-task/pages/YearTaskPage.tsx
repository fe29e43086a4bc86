import { TASK_UI as T, type TaskPageKind } from '@zg/contract';
import { App, Button, Card, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useLoginRecord } from '../../../session/login-record';
import { type DocumentOwner, DocumentsDialog } from '../components/DocumentsDialog';
import { ExcelImport } from '../components/ExcelImport';
import { TaskCards } from '../components/TaskCards';
import { TaskDialog } from '../components/TaskDialog';
import { TaskToolbar } from '../components/TaskToolbar';
import { TaskTree } from '../components/TaskTree';
import { useTaskActions } from '../components/use-task-actions';
import { YearTargetCards } from '../components/YearTargetCards';
import { YearTargetDialog } from '../components/YearTargetDialog';
import {
  downloadTemplate,
  exportTasks,
  importTasks,
  type TaskFilters,
  useDeleteTasks,
  useTaskPage,
  useYearTargets,
  type YearTarget,
} from '../target-task.api';
import { viewerOf } from '../task-logic';
import '../target-task.css';

const TARGETS_PER_PAGE = 6;
const TASKS_PER_PAGE = 10;

/**
 * 年度目标 (yearTask) and 我发布的目标 (myYearTask): the year targets as cards, and the tasks of the chosen one as cards
 * or as the tree of its decomposition, with the task toolbar, import, export and the publisher's add buttons.
 */
export default function YearTaskPage({ kind }: { kind: TaskPageKind }) {
  const { message } = App.useApp();
  const viewer = viewerOf(useLoginRecord());
  const [filters, setFilters] = useState<TaskFilters>({ sort: 'desc' });
  const [targetPage, setTargetPage] = useState(1);
  const [taskPage, setTaskPage] = useState(1);
  const [selected, setSelected] = useState<YearTarget | null>(null);
  const [view, setView] = useState<'cards' | 'tree'>('cards');
  const [targetDialog, setTargetDialog] = useState<{ target: YearTarget | null } | null>(null);
  const [addingTask, setAddingTask] = useState(false);
  const [documents, setDocuments] = useState<DocumentOwner | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const { run, dialogs } = useTaskActions();
  const removeTasks = useDeleteTasks();

  const targets = useYearTargets({
    year: filters.year,
    mine: kind === 'myYearTask',
    current: targetPage,
    size: TARGETS_PER_PAGE,
  });
  // The chosen target as the server last sent it (its abilities and version follow every change).
  const target = targets.data?.records.find((t) => t.id === selected?.id) ?? selected;
  const taskFilters: TaskFilters = { ...filters, yearTargetId: target?.id };
  const tasks = useTaskPage(kind, taskFilters, taskPage, TASKS_PER_PAGE);

  const changeFilters = (next: TaskFilters) => {
    if (next.year !== filters.year) {
      setSelected(null);
      setTargetPage(1);
    }
    setFilters(next);
    setTaskPage(1);
  };

  const deleteChosen = () =>
    removeTasks
      .mutateAsync([...chosen])
      .then(() => {
        message.success(T.deleted);
        setChosen(new Set());
      })
      .catch(() => undefined);

  return (
    <Card variant="borderless" className="zg-task-page">
      <div className="zg-task-page__head">
        <Typography.Title level={5}>{kind === 'myYearTask' ? T.pageMyYearTask : T.pageYearTask}</Typography.Title>
        {viewer.publisher && (
          <Button type="primary" onClick={() => setTargetDialog({ target: null })}>
            {T.addYearTarget}
          </Button>
        )}
      </div>
      <TaskToolbar
        kind={kind}
        value={filters}
        onChange={changeFilters}
        hideYearTarget
        onAdd={target?.abilities.addTask ? () => setAddingTask(true) : undefined}
        addLabel={T.addTask}
        onDelete={target?.abilities.addTask ? deleteChosen : undefined}
        deleteDisabled={chosen.size === 0}
      />
      <YearTargetCards
        targets={targets.data?.records ?? []}
        total={targets.data?.total ?? 0}
        current={targetPage}
        pageSize={TARGETS_PER_PAGE}
        loading={targets.isFetching}
        selectedId={target?.id}
        onPage={setTargetPage}
        onSelect={(t) => {
          setSelected(t.id === target?.id ? null : t);
          setTaskPage(1);
          setChosen(new Set());
        }}
        onEdit={(t) => setTargetDialog({ target: t })}
        onDocuments={(t) => setDocuments({ ownerType: 'YearTask', ownerId: t.id, name: t.name })}
      />
      <div className="zg-task-page__section">
        <Space wrap className="zg-task-page__section-head">
          <Typography.Text strong>{target ? target.name : T.selectYearTarget}</Typography.Text>
          <Segmented
            value={view}
            onChange={(v) => setView(v as 'cards' | 'tree')}
            options={[
              { value: 'cards', label: T.cardView },
              { value: 'tree', label: T.treeView, disabled: !target },
            ]}
          />
          {target?.abilities.addTask && (
            <ExcelImport
              title={`${T.importTitle}：${target.name}`}
              send={(file, onProgress) => importTasks(target.id, file, onProgress)}
              onTemplate={downloadTemplate}
            />
          )}
          {target && <Button onClick={() => exportTasks(target.id).catch(() => undefined)}>{T.export}</Button>}
        </Space>
        {view === 'tree' && target ? (
          <TaskTree yearTargetId={target.id} onCommand={run} />
        ) : (
          <TaskCards
            cards={tasks.data?.records ?? []}
            total={tasks.data?.total ?? 0}
            current={taskPage}
            pageSize={TASKS_PER_PAGE}
            loading={tasks.isFetching}
            onPage={setTaskPage}
            onCommand={run}
            selected={chosen}
            onSelect={(id, checked) =>
              setChosen((s) => {
                const next = new Set(s);
                if (checked) next.add(id);
                else next.delete(id);
                return next;
              })
            }
          />
        )}
      </div>
      <YearTargetDialog
        open={targetDialog !== null}
        target={targetDialog?.target}
        defaultYear={filters.year}
        onClose={() => setTargetDialog(null)}
      />
      {target && addingTask && <TaskDialog open yearTargetId={target.id} onClose={() => setAddingTask(false)} />}
      <DocumentsDialog owner={documents} onClose={() => setDocuments(null)} />
      {dialogs}
    </Card>
  );
}
