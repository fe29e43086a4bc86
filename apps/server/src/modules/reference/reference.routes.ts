import {
  APP,
  AppConfigSchema,
  BenchmarkUpdateSchema,
  envelope,
  FILE_MSG,
  listOf,
  ROLE,
  SCHOOL_MSG,
  SchoolOptionsSchema,
  SchoolQuerySchema,
  SchoolSchema,
  SchoolSettingSchema,
  SystemSettingSchema,
} from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { ok } from '../../platform/envelope';
import { AppError, badRequest } from '../../platform/errors';
import { peek } from '../../platform/files/peek';
import { contentMatches, MIME } from '../../platform/files/sniff';
import { recordStoredFile } from '../files';
import { findSystemSetting, presentSystemSetting } from '../user';
import {
  existingSchoolCodes,
  findSchoolSetting,
  listBenchmarkSchools,
  pageSchools,
  replaceBenchmarkSchools,
  saveSchoolSetting,
  schoolOptions,
  updateSystemSetting,
} from './reference.repository';

const TAGS = ['用户服务'];
const LOGO_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp'];
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Schools for the picker, the picker's saved settings, the public app config and the system setting (admin). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/appConfig',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary: '前端配置（版本、功能开关、CAS） / public app config',
        response: { 200: envelope(AppConfigSchema) },
      },
    },
    async () =>
      ok({ version: APP.version, featureFlags: app.config.FEATURE_FLAGS, casEnabled: app.config.CAS_ENABLED }),
  );

  app.get(
    '/school/list',
    {
      config: { access: { session: true } },
      schema: {
        tags: TAGS,
        summary: '学校列表（名称搜索、省份/层次/性质筛选） / schools for the school picker',
        querystring: SchoolQuerySchema,
        response: { 200: envelope(listOf(SchoolSchema)) },
      },
    },
    async (req) =>
      ok({ ...(await pageSchools(db(), req.query)), pageNum: req.query.pageNum, pageSize: req.query.pageSize }),
  );

  app.get(
    '/school/options',
    {
      config: { access: { session: true } },
      schema: {
        tags: TAGS,
        summary: '学校筛选项（层次、性质、地区） / filter options',
        response: { 200: envelope(SchoolOptionsSchema) },
      },
    },
    async () => ok(await schoolOptions(db())),
  );

  app.get(
    '/school/selected',
    {
      config: { access: { session: true } },
      schema: {
        tags: TAGS,
        summary: '当前用户保存的常用查询设置 / saved common-query settings of the school picker',
        response: { 200: envelope(SchoolSettingSchema) },
      },
    },
    async (req) => {
      const row = await findSchoolSetting(db(), actorOf(req).userId);
      return ok({
        schoolLevel: row?.levels ?? [],
        schoolNature: row?.natures ?? [],
        schoolProvince: row?.provinces ?? [],
        state: row?.state ?? true,
      });
    },
  );

  app.post(
    '/school/updateSelected',
    {
      config: { access: { session: true } },
      schema: {
        tags: TAGS,
        summary: '保存学校选择的常用查询设置 / save the school picker settings',
        body: SchoolSettingSchema,
        response: { 200: envelope(SchoolSettingSchema) },
      },
    },
    async (req) => {
      const b = req.body;
      const s = { levels: b.schoolLevel, natures: b.schoolNature, provinces: b.schoolProvince, state: b.state ?? true };
      await saveSchoolSetting(db(), actorOf(req).userId, s);
      return ok({ ...b, state: s.state }, '保存成功');
    },
  );

  app.get(
    '/school/benchmark',
    {
      config: { access: { session: true } },
      schema: {
        tags: TAGS,
        summary: '当前用户的对标院校 / benchmark schools of the signed-in user',
        response: { 200: envelope(z.array(SchoolSchema)) },
      },
    },
    async (req) => ok(await listBenchmarkSchools(db(), actorOf(req).userId)),
  );

  app.post(
    '/school/benchmark/update',
    {
      config: { access: { session: true } },
      schema: {
        tags: TAGS,
        summary: '保存对标院校（整体替换） / save the benchmark schools, replacing them',
        body: BenchmarkUpdateSchema,
        response: { 200: envelope(z.array(SchoolSchema)) },
      },
    },
    async (req) => {
      const userId = actorOf(req).userId;
      const codes = req.body.schoolCodes;
      const known = await existingSchoolCodes(db(), codes);
      if (codes.some((c) => !known.has(c))) throw badRequest(SCHOOL_MSG.unknownSchool);
      await db().transaction((tx) => replaceBenchmarkSchools(tx, userId, codes));
      return ok(await listBenchmarkSchools(db(), userId), SCHOOL_MSG.saved);
    },
  );

  app.post(
    '/systemSetting/update',
    {
      config: { access: { roles: [ROLE.admin] } },
      schema: {
        tags: TAGS,
        summary: '修改系统名称（管理员） / change the system name (administrators)',
        body: z.object({ systemName: z.string().trim().min(1).max(200).describe('系统名称 / system name') }),
        response: { 200: envelope(SystemSettingSchema) },
      },
    },
    async (req) => {
      await db().transaction(async (tx) => {
        await updateSystemSetting(tx, { systemName: req.body.systemName });
        await writeAudit(tx, {
          actorId: actorOf(req).userId,
          action: 'setting.update',
          entityType: 'system',
          detail: req.body,
        });
      });
      return ok(presentSystemSetting(await findSystemSetting(db())), '保存成功');
    },
  );

  app.post(
    '/systemSetting/logoUpload',
    {
      config: { access: { roles: [ROLE.admin] } },
      schema: {
        tags: TAGS,
        summary: '上传系统标志（管理员，png/jpg/gif/webp，2MB 以内） / upload the logo',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(SystemSettingSchema) },
      },
    },
    async (req) => {
      const part = await req.file();
      if (!part) throw badRequest(FILE_MSG.selectFirst);
      const ext = part.filename.split('.').pop()?.toLowerCase() ?? '';
      const { head, stream } = await peek(part.file, 16);
      if (!LOGO_TYPES.includes(ext) || !contentMatches(ext, head)) {
        stream.resume();
        throw new AppError(415, FILE_MSG.fileTypeError);
      }
      const stored = await app.fileStore.put(stream, { maxBytes: LOGO_MAX_BYTES });
      await db().transaction(async (tx) => {
        await recordStoredFile(tx, {
          id: stored.id,
          name: part.filename.slice(0, 255),
          ext,
          mime: MIME[ext] ?? 'application/octet-stream',
          size: stored.size,
          sha256: stored.sha256,
          ownerType: 'SystemLogo',
          ownerId: 'system',
          uploaderId: actorOf(req).userId,
        });
        await updateSystemSetting(tx, { logoFileId: stored.id });
      });
      return ok(presentSystemSetting(await findSystemSetting(db())), '保存成功');
    },
  );
};
