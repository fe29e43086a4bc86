import {
  type LoginRecord,
  ROLE,
  TASK_UI as T,
  TASK_MSG,
  TASK_STATUS,
  TASK_STATUSES,
  type TaskAction,
  type TaskPageKind,
  type TaskStatus,
} from '@zg/contract';
import type { TaskCard, TaskFilters } from './target-task.api';

/** What the pages need to know about the signed-in user (rules stay on the server; this only picks pages). */
export interface Viewer {
  userId: string;
  menus: Record<string, string>;
  publisher: boolean;
  head: boolean;
  auditor: boolean;
  admin: boolean;
}

export function viewerOf(record: LoginRecord | null): Viewer {
  const roles = new Set(record?.roleIdList ?? []);
  const admin = roles.has(ROLE.admin);
  const charge = (record?.newChargeDeparmentIdList.length ?? 0) + (record?.chargeDeparmentIdList.length ?? 0);
  return {
    userId: record?.userId ?? '',
    menus: record?.menus ?? {},
    admin,
    publisher: admin || roles.has(ROLE.targetPublisher),
    head: admin || charge > 0 || roles.has(ROLE.targetDepartHead),
    auditor: admin || roles.has(ROLE.targetDepartAuditor),
  };
}

/** The two menus the module serves (spec-1 section 2). */
export const MODULE_BASES = ['/targetTaskManagement', '/newTaskManagement'] as const;
export type ModuleBase = (typeof MODULE_BASES)[number];

export function baseOf(pathname: string): ModuleBase {
  return pathname.startsWith('/newTaskManagement') ? '/newTaskManagement' : '/targetTaskManagement';
}

/**
 * The task state options of the toolbar (spec-2 section 4): the six states of the filters, without 'wait resolve'
 * on the my-task page (spec-1 section 2).
 */
export function stateOptions(kind: TaskPageKind, current?: string): { value: TaskStatus; label: string }[] {
  const states: TaskStatus[] = ['waitResolve', 'waitDefine', 'executeing', 'hasDone', 'delayDone', 'delayNotDone'];
  const shown = states.filter((s) => !(kind === 'myTask' && s === 'waitResolve'));
  // A state the page was opened with (待接收 from the home page's 待办) is shown as chosen, first.
  const extra = TASK_STATUSES.find((s) => s === current && !shown.includes(s));
  return [...(extra ? [extra] : []), ...shown].map((s) => ({ value: s, label: TASK_STATUS[s] }));
}

const RWLX = ['A', 'B', 'C', 'D'] as const;
const positiveInt = (v: string | null) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};
const text = (v: string | null) => v?.trim().slice(0, 60) || undefined;

/**
 * A task list's filters as its URL carries them (?rwzt=waitAccept&year=2026), so a link (the home page's 待办) opens
 * the list filtered and the filter survives a reload; values the list cannot take are left out.
 */
export function filtersFromSearch(params: URLSearchParams): TaskFilters {
  const rwzt = params.get('rwzt');
  const rwlx = params.get('rwlx');
  return {
    year: positiveInt(params.get('year')),
    yearTargetId: positiveInt(params.get('yearTargetId')),
    rwlx: RWLX.find((t) => t === rwlx),
    departmentId: text(params.get('departmentId'))?.slice(0, 32),
    departmentName: text(params.get('departmentName')),
    rwzt: TASK_STATUSES.find((s) => s === rwzt),
    rwmc: text(params.get('rwmc')),
    sort: params.get('sort') === 'asc' ? 'asc' : 'desc',
    missionState: params.get('missionState') === 'toWrite' ? 'toWrite' : undefined,
  };
}

/** The URL query of a task list's filters (the default order left out), as `filtersFromSearch` reads it. */
export function searchOfFilters(filters: TaskFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || (key === 'sort' && value === 'desc')) continue;
    params.set(key, String(value));
  }
  return params;
}

/** A node of the decomposition tree. */
export interface TaskNode {
  card: TaskCard;
  children: TaskNode[];
}

/** Nests the flat tree rows by parentId; a row whose parent is not among them is a root. */
export function buildTree(cards: readonly TaskCard[]): TaskNode[] {
  const nodes = new Map(cards.map((c) => [c.id, { card: c, children: [] as TaskNode[] }]));
  const roots: TaskNode[] = [];
  for (const c of cards) {
    const node = nodes.get(c.id)!;
    const parent = c.parentId === null ? undefined : nodes.get(c.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The buttons of a task card, in the order of the task's life, as the server's abilities allow. */
export type CardAction = TaskAction | 'addChild' | 'edit' | 'delete' | 'editMission';

/** Everything a task card or tree node can ask for: the named transitions and the card's other buttons. */
export type TaskCommand = CardAction | 'documents' | 'detail';
const ORDER: CardAction[] = [
  'push',
  'withdraw',
  'accept',
  'goBack',
  'addChild',
  'resolve',
  'decompose',
  'editMission',
  'define',
  'pass',
  'refuse',
  'edit',
  'delete',
];
export function cardActions(card: Pick<TaskCard, 'abilities'>): CardAction[] {
  return ORDER.filter((a) => card.abilities[a] === true);
}

export const ACTION_LABEL: Record<CardAction, string> = {
  push: T.push,
  withdraw: T.withdraw,
  accept: T.accept,
  goBack: T.goBack,
  resolve: T.resolve,
  decompose: T.decompose,
  define: T.define,
  pass: T.pass,
  refuse: T.refuse,
  addChild: T.addChild,
  edit: T.edit,
  delete: T.delete,
  editMission: T.mission,
};

/** Actions asking for a reason (退回, 审核不通过). */
export const NEEDS_REASON: readonly TaskAction[] = ['goBack', 'refuse'];

/** The date rules of a task (the server checks them again): end not before start, inside the parent's dates. */
export function dateProblem(
  kssj: string | undefined,
  jssj: string | undefined,
  parent?: { kssj: string; jssj: string } | null,
): string | null {
  if (!kssj || !jssj) return null;
  if (jssj < kssj) return TASK_MSG.endBeforeStart;
  if (parent && (kssj < parent.kssj || jssj > parent.jssj)) return TASK_MSG.outsideParent;
  return null;
}

/** Task type label: '双高任务' for A (from the server's list when loaded). */
export function typeLabel(code: string, types: readonly { code: string; rwlxmc: string }[] | undefined) {
  return types?.find((t) => t.code === code)?.rwlxmc ?? code;
}

/** Colour of a state tag. */
export function statusColor(status: string): string {
  switch (status) {
    case 'executeing':
    case 'doing':
      return 'processing';
    case 'hasDone':
    case 'done':
      return 'success';
    case 'delayDone':
      return 'cyan';
    case 'delayNotDone':
    case 'goBack':
      return 'error';
    case 'waitAccept':
    case 'waitResolve':
    case 'waitDefine':
    case 'hasResolved':
      return 'warning';
    default:
      return 'default';
  }
}
