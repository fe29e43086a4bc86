import { z } from 'zod';
import { endpoint, MULTIPART } from './endpoint';
import { listOf } from './envelope';
import {
  AppConfigSchema,
  BenchmarkUpdateSchema,
  SchoolOptionsSchema,
  SchoolQuerySchema,
  SchoolSchema,
  SchoolSettingSchema,
  SystemSettingSchema,
} from './system';

const U = '/api/user';
const tags = ['用户服务'] as const;

export const SchoolListSchema = listOf(SchoolSchema);
export const SchoolsSchema = z.array(SchoolSchema);
export const SystemSettingUpdateSchema = z.object({
  systemName: z.string().trim().min(1).max(200).describe('系统名称 / system name'),
});

/** The reference module's endpoints: the public app config, the school picker and benchmarks, the system setting. */
export const REFERENCE_API = {
  appConfig: endpoint({
    method: 'GET',
    path: `${U}/appConfig`,
    summary: '前端配置（版本、功能开关、CAS） / public app config',
    tags,
    response: AppConfigSchema,
  }),
  schoolList: endpoint({
    method: 'GET',
    path: `${U}/school/list`,
    summary: '学校列表（名称搜索、省份/层次/性质筛选） / schools for the school picker',
    tags,
    query: SchoolQuerySchema,
    response: SchoolListSchema,
  }),
  schoolOptions: endpoint({
    method: 'GET',
    path: `${U}/school/options`,
    summary: '学校筛选项（层次、性质、地区） / filter options',
    tags,
    response: SchoolOptionsSchema,
  }),
  schoolSelected: endpoint({
    method: 'GET',
    path: `${U}/school/selected`,
    summary: '当前用户保存的常用查询设置 / saved common-query settings of the school picker',
    tags,
    response: SchoolSettingSchema,
  }),
  schoolUpdateSelected: endpoint({
    method: 'POST',
    path: `${U}/school/updateSelected`,
    summary: '保存学校选择的常用查询设置 / save the school picker settings',
    tags,
    body: SchoolSettingSchema,
    response: SchoolSettingSchema,
    json: true,
  }),
  benchmark: endpoint({
    method: 'GET',
    path: `${U}/school/benchmark`,
    summary: '当前用户的对标院校 / benchmark schools of the signed-in user',
    tags,
    response: SchoolsSchema,
  }),
  benchmarkUpdate: endpoint({
    method: 'POST',
    path: `${U}/school/benchmark/update`,
    summary: '保存对标院校（整体替换） / save the benchmark schools, replacing them',
    tags,
    body: BenchmarkUpdateSchema,
    response: SchoolsSchema,
    json: true,
  }),
  systemSettingUpdate: endpoint({
    method: 'POST',
    path: `${U}/systemSetting/update`,
    summary: '修改系统名称（管理员） / change the system name (administrators)',
    tags,
    body: SystemSettingUpdateSchema,
    response: SystemSettingSchema,
  }),
  logoUpload: endpoint({
    method: 'POST',
    path: `${U}/systemSetting/logoUpload`,
    summary: '上传系统标志（管理员，png/jpg/gif/webp，2MB 以内） / upload the logo',
    tags,
    consumes: MULTIPART,
    response: SystemSettingSchema,
  }),
} as const;
