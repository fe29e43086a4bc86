/**
 * The standard module's public surface: standard systems (目标标准: the catalogue of QCPs and their rules,
 * `/api/herm-mbbz`), the hook by which what uses a system (diagnosis tasks) keeps it from destructive change, and
 * loading a set of systems (the demo's).
 */

export { standardPlugin } from './standard.plugin';
/** 质控点 as other modules link to them (issue 35), and the hook by which the tasks serving a node are listed. */
export { NODE_TASKS, type NodeTasks, publishedQcps, qcpNodesByIds } from './standard-qcp.query';
/**
 * A system version's node tree with no user (publishing a diagnosis task, refreshing it): the nodes with parent,
 * level, value type, standard value, calculation rule, direction, grade and warning rules and their source; the newer
 * versions of a system, and the matching of a version's nodes to a newer one's through their sources.
 */
export {
  matchNodesToVersion,
  newerVersionsOf,
  type SystemVersion,
  type SystemVersionNode,
  type SystemVersionTree,
  systemVersionTree,
} from './standard-read.service';
export { installStandards, type StandardSeed, type StandardSeedNode } from './standard-seed.service';
/** What uses a system registers with this hook (`app.hooks.add(STANDARD_USERS, name, fn)`), so it versions instead of changing. */
export { STANDARD_USERS, type StandardUser } from './standard-users';
