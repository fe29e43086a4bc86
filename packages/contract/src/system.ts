import { z } from 'zod';
import { int32 } from './primitives';

const CheckSchema = z.enum(['ok', 'fail']);
export const HealthSchema = z.object({
  status: CheckSchema.describe('服务状态：任一检查失败即 fail / service status'),
  database: z
    .literal('postgres')
    .describe('数据库：PostgreSQL（内置或 DATABASE_URL 指向的服务器） / always PostgreSQL'),
  version: z.string().describe('版本 / version'),
  checks: z
    .object({
      database: CheckSchema.describe('数据库能否应答 / the database answers'),
      files: CheckSchema.describe('文件存储能否写入 / the file store accepts a write'),
    })
    .describe('各项检查 / the checks'),
});
export type Health = z.infer<typeof HealthSchema>;

export const SystemSettingSchema = z.object({
  id: z.number().int(),
  systemName: z.string().describe('系统名称（已去除标签） / system name, tags stripped'),
  logoAttachment: z.object({ id: z.string(), url: z.string() }).nullable().describe('系统标志附件 / logo attachment'),
});
export type SystemSetting = z.infer<typeof SystemSettingSchema>;

export const SchoolSchema = z.object({
  schoolCode: z.string().describe('学校标识码 / school code'),
  schoolName: z.string().describe('学校名称 / school name'),
  schoolProvince: z.string().describe('省份 / province'),
  schoolNature: z.string().describe('办学性质 / nature'),
  schoolLevel: z.string().describe('办学层次 / level'),
});
export type School = z.infer<typeof SchoolSchema>;

export const SchoolQuerySchema = z.object({
  pageNum: int32().min(1).default(1),
  pageSize: int32().min(1).max(1000).default(1000),
  name: z.string().trim().max(60).optional().describe('名称关键字 / name contains'),
  province: z.string().trim().max(20).optional().describe('省份 / province'),
  level: z.string().trim().max(20).optional(),
  nature: z.string().trim().max(20).optional(),
});

/** The school picker's saved common-query settings. */
export const SchoolSettingSchema = z.object({
  schoolLevel: z.array(z.string().max(20)).max(50).describe('办学层次 / levels'),
  schoolNature: z.array(z.string().max(20)).max(50).describe('办学性质 / natures'),
  schoolProvince: z.array(z.string().max(20)).max(50).describe('地区 / provinces'),
  state: z.boolean().optional().describe('启用 / enabled'),
});
export type SchoolSetting = z.infer<typeof SchoolSettingSchema>;

export const SchoolOptionsSchema = z.object({
  levels: z.array(z.string()),
  natures: z.array(z.string()),
  provinces: z.array(z.string()),
});

/** At most this many benchmark schools (对标院校) per user. */
export const BENCHMARK_SCHOOLS_MAX = 10;

/** Messages of the school picker's saved data. */
export const SCHOOL_MSG = {
  saved: '保存成功',
  unknownSchool: '所选学校不存在，请重新选择',
  duplicate: '对标院校不能重复',
  tooMany: `最多选择 ${BENCHMARK_SCHOOLS_MAX} 所对标院校`,
} as const;

/** The user's benchmark schools, replaced as a whole, in the chosen order. */
export const BenchmarkUpdateSchema = z.object({
  schoolCodes: z
    .array(z.string().trim().min(1).max(20))
    .max(BENCHMARK_SCHOOLS_MAX, SCHOOL_MSG.tooMany)
    .refine((codes) => new Set(codes).size === codes.length, SCHOOL_MSG.duplicate)
    .describe('对标院校的学校标识码，按顺序 / school codes of the benchmark schools, in order'),
});

/** Public facts the web needs before sign-in. */
export const AppConfigSchema = z.object({
  version: z.string().describe('版本 / version'),
  featureFlags: z.array(z.string()).describe('功能开关 / feature flags'),
  casEnabled: z.boolean().describe('是否启用统一身份认证 / CAS on'),
});
