import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok']).describe('服务状态 / service status'),
  database: z.enum(['pglite', 'postgres']).describe('数据库类型 / database kind'),
  version: z.string().describe('版本 / version'),
});
export type Health = z.infer<typeof HealthSchema>;

export const SystemSettingSchema = z.object({
  id: z.number().int(),
  systemName: z.string().describe('系统名称（已去除标签） / system name, tags stripped'),
  logoAttachment: z.object({ id: z.string(), url: z.string() }).nullable().describe('系统标志附件 / logo attachment'),
});
export type SystemSetting = z.infer<typeof SystemSettingSchema>;
