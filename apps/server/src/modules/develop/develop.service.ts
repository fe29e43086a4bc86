import type { DevelopOverview, DevelopQcp, DevelopQuery } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { qcpLatestFigures } from '../diagnosis';
import { qcpNodesByIds } from '../standard';
import { developmentRead } from '../target-task';
import { assembleOverview } from './develop.rules';

/**
 * 发展中心's page (issue 35): the target tasks the actor sees (target-task), the QCPs their tasks serve (standard) and
 * those QCPs' latest diagnosis (diagnosis), each through the module's public surface: a fixed number of statements
 * (four for the tasks, one for the QCPs, one for their figures) whatever the number of rows.
 */
export async function developOverview(db: Db, actor: Actor, q: DevelopQuery): Promise<DevelopOverview> {
  const read = await developmentRead(db, actor, q);
  const nodes = await qcpNodesByIds(
    db,
    read.links.map((l) => l.nodeId),
  );
  const figures = await qcpLatestFigures(db, nodes);
  const qcps = new Map<number, DevelopQcp>(nodes.map((n) => [n.id, { ...n, figures: figures.get(n.id) ?? null }]));
  return assembleOverview(read, qcps, q);
}
