import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { isEditor } from './diagnosis.policy';
import { gradeOf, levelOptions } from './diagnosis.rules';
import { rowSeenBy } from './quality-row.service';
import { type WarningRowFacts, warningRowFacts } from './warning-facts.query';

/** The quality warnings' checks on a row (visibility, who may act) and its grades (warning-facts.query.ts reads). */

/** A row the actor may see, with its facts and whether the actor may act on it (its person in charge or a sharer). */
export async function warningRowSeenBy(db: Db, actor: Actor, rowId: number) {
  const { object } = await rowSeenBy(db, actor, rowId);
  const [facts] = await warningRowFacts(db, { rowIds: [rowId] });
  return {
    facts: facts!,
    editor: isEditor(actor, { chargerId: object.object.chargerId, sharerIds: object.sharerIds, collectorIds: [] }),
  };
}

/** The grade a value comes to under the row's grade rule, and the degrees (grades, or level values) in order. */
export function gradeOfValue(f: WarningRowFacts, value: string | null) {
  return gradeOf({ zlx: f.zlx, direction: f.direction, gradeRule: f.gradeRule, bzz: f.bzz }, value);
}
export const degreesOf = (f: Pick<WarningRowFacts, 'gradeRule'>) => {
  const levels = levelOptions(f);
  return levels.length ? levels : ['A', 'B', 'C', 'D'];
};
