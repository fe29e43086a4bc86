import type { Hooks } from '../../platform/hooks';
import { registerOwnerPolicy } from '../files';
import { editsRow, rowsVisibleTo } from './quality-view.service';

const toInts = (ids: string[]) => ids.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2147483647);

/**
 * The file owner policy of a row's attachments ('Quality', owner id the row id): read by whoever may see the row's
 * object task, added or removed by its editors (isedit: the person in charge or a sharer).
 */
export function registerQualityFilePolicy(hooks: Hooks) {
  registerOwnerPolicy(hooks, 'Quality', {
    readable: async (db, actor, ids) => new Set([...(await rowsVisibleTo(db, actor, toInts(ids)))].map(String)),
    writable: async (db, actor, id) => {
      const [rowId] = toInts([id]);
      return rowId !== undefined && editsRow(db, actor, rowId);
    },
  });
}
