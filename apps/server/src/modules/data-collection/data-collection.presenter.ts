import type { FillState, FormField } from '@zg/contract';
import type { Actor } from '../../platform/access';
import { fillAbilities } from './data-collection.machine';
import { factsOf, formAbilities } from './data-collection.policy';
import type * as fillRepo from './fill.repository';
import type * as formRepo from './form.repository';

/** Data-collection records as the API sends them (db rows -> the contract's shapes). */

type FormJoined = NonNullable<Awaited<ReturnType<typeof formRepo.findForm>>>;

export function presentForm(actor: Actor, r: FormJoined) {
  const f = r.form;
  return {
    id: f.id,
    directoryId: f.directoryId,
    name: f.name,
    tableId: f.tableId,
    tableName: r.tableLabel,
    tableType: f.tableType as 'fixed' | 'floating',
    tableConfigId: f.tableConfigId,
    remark: f.remark,
    fields: f.fields as FormField[],
    version: f.version,
    changedSincePublish: f.changedSincePublish,
    abilities: formAbilities(actor, { fields: f.fields.length, changedSincePublish: f.changedSincePublish }),
  };
}

type TaskJoined = Awaited<ReturnType<typeof fillRepo.listTasks>>[number];

/** A collection task with the number of its fill tasks in each state. */
export function presentTask(r: TaskJoined, counts: Record<FillState, number>) {
  const { id, name, cycle, startDate, deadline, closed } = r.task;
  return {
    id,
    name,
    formId: r.formId,
    formName: r.formName,
    formVersion: r.formVersion,
    cycle,
    startDate,
    deadline,
    closed,
    counts,
  };
}

/** 填报对象: the user's or the department's name. */
export const fillName = (r: fillRepo.FillRow) =>
  r.assigneeName ?? r.departmentName ?? r.fill.assigneeId ?? r.fill.departmentId ?? '';

export function presentFill(r: fillRepo.FillRow, actor: Actor, today: string) {
  const f = r.fill;
  return {
    id: f.id,
    taskId: r.task.id,
    taskName: r.task.name,
    formName: r.version.name,
    cycle: r.task.cycle,
    deadline: r.task.deadline,
    closed: r.task.closed,
    assigneeId: f.assigneeId,
    departmentId: f.departmentId,
    assigneeName: fillName(r),
    auditorId: f.auditorId,
    auditorName: r.auditorName ?? f.auditorId,
    state: f.state as FillState,
    opinion: f.opinion,
    synced: f.synced,
    abilities: fillAbilities(factsOf(r, today), actor),
  };
}

/** The form version's fields as the grid shows them: each with its warehouse field's name. */
export const presentColumns = (cols: { form: FormField; field: { name: string } }[]) =>
  cols.map((c) => ({ ...c.form, name: c.field.name }));
