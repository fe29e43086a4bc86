import { ROLE } from '@zg/contract';
import type { Db } from '../db/client';
import { installStandards } from '../modules/standard';
import { ADMIN_USER } from './demo';
import { DEMO_STANDARDS } from './story/standards';

/**
 * The demo standard systems (story/standards.ts: the five levels of 教职成司函〔2015〕168号), installed through the
 * standard module after the demo indicators' algorithms (./warehouse.ts), so each point bound to an indicator gets
 * that algorithm's current version as its calculation rule; without the warehouse those points are filled by hand.
 * Made by the administrator and kept (write) by the diagnosis administrators (zgfb01), read as story/standards.ts says.
 */
export async function seedDemoStandards(db: Db) {
  return installStandards(db, DEMO_STANDARDS, ADMIN_USER.id, [ROLE.diagnosisAdmin]);
}
