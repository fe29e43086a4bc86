import type { Db } from '../db/client';
import { seedRivalDemo } from '../modules/rival-analysis';

/** 对标分析 / 双高对比's demo data (issue 35): through the module's public seed. */
export async function seedDemoRival(tx: Db) {
  await seedRivalDemo(tx);
}
