import { ROLE } from '@zg/contract';
import { type Actor, allows } from '../../platform/access';

/**
 * Who may use 对标分析 and 双高对比: whoever holds the 智能分析 menu reads (the school leader, 诊改管理员, 诊改发布者,
 * the administrator); the figures, 本校 and the double-high list are kept by the administrator and 诊改管理员. Every
 * record is the school's (no owner): the route's access is the whole rule.
 */
export const READ = { menus: ['intelligentAnalysis'] } as const;
export const KEEP = { roles: [ROLE.admin, ROLE.diagnosisAdmin] } as const;

/** Whether the actor may keep the figures, 本校 and the list (sent to the web as `canKeep`). */
export const keepsRivals = (actor: Actor) => allows(KEEP, actor);
