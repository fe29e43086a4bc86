import {
  type DiagnosisTask,
  LIMITS,
  DIAGNOSIS_MSG as M,
  type ObjectTask,
  DIAGNOSIS_TEXT as T,
  TARGET_STATE_NAMES,
} from '@zg/contract';
import { Button, Card, Progress, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ListTable, SearchBar } from '../../../components/ListTable';
import { useDiagnosisActions, useObjectTasks } from '../diagnosis.api';
import { clampPercent, objectPath } from '../diagnosis.logic';
import { AddObjectsDialog } from './AddObjectsDialog';
import { ChargerDialog } from './ChargerDialog';
import { useConfirm } from './use-confirm';

/**
 * The object tasks of a task (诊改任务详情): searched by name, paged by the server. The publisher (or an
 * administrator) also adds objects, and for each object task — or the selected ones — issues its targets down, changes
 * its person in charge, or deletes it; each action shown only when the object task's abilities allow it, each
 * destructive one behind a confirmation naming what it touches.
 */
export function ObjectTasksCard({ task }: { task: DiagnosisTask }) {
  const [page, setPage] = useState<number>(LIMITS.firstPage);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<ObjectTask[]>([]);
  const [adding, setAdding] = useState(false);
  const [charger, setCharger] = useState<ObjectTask | null>(null);
  const objects = useObjectTasks({
    rwid: task.id,
    pageNum: page,
    pageSize: LIMITS.defaultPageSize,
    gzdxmc: name || undefined,
  });
  const actions = useDiagnosisActions();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const list = objects.data?.list;
  const selectable = (list ?? []).some((o) => o.abilities.delete || o.abilities.issueDown);
  const names = (os: ObjectTask[]) => T.nameList(os.map((o) => o.gzdxmc));

  const remove = (os: ObjectTask[]) =>
    confirm({
      title: os.length === 1 ? T.removeObjectTitle(os[0]!.gzdxmc) : T.removeObjectsTitle(os.length),
      content: T.removeObjectContent(names(os)),
      ok: T.delete,
      danger: true,
      run: async () => {
        await (os.length === 1
          ? actions.removeObject.mutateAsync(os[0]!.id)
          : actions.removeObjects.mutateAsync(os.map((o) => o.id)));
        setSelected([]);
      },
      done: M.deleted,
    });

  const issueDown = (os: ObjectTask[]) =>
    confirm({
      title: T.issueDownTitle(names(os)),
      content: T.issueDownContent,
      ok: T.issueDown,
      run: () => actions.issueDown.mutateAsync(os.map((o) => o.id)),
      done: () => T.issuedDown(os.length),
    });

  const chosenFor = (ability: 'delete' | 'issueDown') => selected.filter((o) => o.abilities[ability]);

  return (
    <Card variant="borderless" title={T.objectName}>
      <div className="zg-diagnosis-toolbar">
        <SearchBar
          label={T.objectSearch}
          onSearch={(v) => {
            setName(v.trim());
            setPage(LIMITS.firstPage);
            setSelected([]);
          }}
        />
        <Space wrap>
          {selectable && selected.length > 0 && <span>{T.selected(selected.length)}</span>}
          {selectable && (
            <Button disabled={!chosenFor('issueDown').length} onClick={() => issueDown(chosenFor('issueDown'))}>
              {T.issueDownBatch}
            </Button>
          )}
          {selectable && (
            <Button danger disabled={!chosenFor('delete').length} onClick={() => remove(chosenFor('delete'))}>
              {T.removeObjects}
            </Button>
          )}
          {task.abilities.addObjects && (
            <Button type="primary" onClick={() => setAdding(true)}>
              {T.addObjects}
            </Button>
          )}
        </Space>
      </div>
      <ListTable<ObjectTask>
        rows={list}
        loading={objects.isFetching}
        error={objects.error}
        empty={T.noObjects}
        pager={{
          current: page,
          total: objects.data?.total ?? 0,
          onChange: (p) => {
            setPage(p);
            setSelected([]);
          },
        }}
        scroll={{ x: 1100 }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.map((o) => o.id),
                onChange: (_keys, rows) => setSelected(rows),
                getCheckboxProps: (o) => ({
                  disabled: !(o.abilities.delete || o.abilities.issueDown),
                  'aria-label': o.gzdxmc,
                }),
              }
            : undefined
        }
        columns={[
          {
            title: T.objectName,
            dataIndex: 'gzdxmc',
            render: (_, o) => <Link to={objectPath(o.id)}>{o.gzdxmc}</Link>,
          },
          { title: T.department, width: 140, render: (_, o) => o.bmmc ?? T.dash },
          { title: T.charger, width: 100, render: (_, o) => o.fzr?.name ?? T.dash },
          { title: T.targetState, width: 100, render: (_, o) => <Tag>{TARGET_STATE_NAMES[o.mbzt]}</Tag> },
          {
            title: T.progress,
            width: 140,
            render: (_, o) => (
              <Progress percent={clampPercent(o.jd)} size="small" aria-label={`${o.gzdxmc} ${T.progress}`} />
            ),
          },
          { title: T.belowStandard, dataIndex: 'wdbsl', width: 70 },
          { title: T.unfinished, dataIndex: 'wwcsl', width: 70 },
          { title: T.score, width: 70, render: (_, o) => o.score ?? T.dash },
          {
            title: T.actions,
            width: 200,
            render: (_, o) => (
              <Space size={0} wrap>
                <Button type="link" onClick={() => navigate(objectPath(o.id))}>
                  {T.open}
                </Button>
                {o.abilities.changeCharger && (
                  <Button type="link" aria-label={`${o.gzdxmc} ${T.changeCharger}`} onClick={() => setCharger(o)}>
                    {T.changeCharger}
                  </Button>
                )}
                {o.abilities.issueDown && (
                  <Button type="link" aria-label={`${o.gzdxmc} ${T.issueDown}`} onClick={() => issueDown([o])}>
                    {T.issueDown}
                  </Button>
                )}
                {o.abilities.delete && (
                  <Button type="link" danger aria-label={`${o.gzdxmc} ${T.delete}`} onClick={() => remove([o])}>
                    {T.delete}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {task.abilities.addObjects && <AddObjectsDialog task={task} open={adding} onClose={() => setAdding(false)} />}
      <ChargerDialog object={charger} onClose={() => setCharger(null)} />
    </Card>
  );
}
