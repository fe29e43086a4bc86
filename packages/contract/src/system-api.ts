import { endpoint } from './endpoint';
import { HealthSchema } from './system';

/** The system module's endpoints (`/api`): the health check. */
export const SYSTEM_API = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: '健康检查（数据库与文件存储） / health check: the database and the file store',
    tags: ['系统'],
    response: HealthSchema,
    // A failing check answers 503 with the same envelope, naming what failed.
    statuses: [503],
  }),
} as const;
