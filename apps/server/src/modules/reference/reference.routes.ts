import { REFERENCE_API as API, APP, FILE_MSG, ROLE, SCHOOL_MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { AppError, badRequest } from '../../platform/errors';
import { peek } from '../../platform/files/peek';
import { contentMatches, MIME } from '../../platform/files/sniff';
import { recordStoredFile } from '../files';
import { casSettings, findSystemSetting, presentSystemSetting } from '../user';
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

const LOGO_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp'];
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** REFERENCE_API: schools for the picker, the picker's saved settings, the public app config and the system setting (admin). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const SESSION = { session: true } as const;
  const ADMIN = { roles: [ROLE.admin] };

  serve(app, API.appConfig, { public: true }, async () => {
    const cas = await casSettings(db(), app.config);
    return ok({ version: APP.version, featureFlags: app.config.FEATURE_FLAGS, casEnabled: cas.enabled });
  });

  serve(app, API.schoolList, SESSION, async (req) =>
    ok({ ...(await pageSchools(db(), req.query)), pageNum: req.query.pageNum, pageSize: req.query.pageSize }),
  );

  serve(app, API.schoolOptions, SESSION, async () => ok(await schoolOptions(db())));

  serve(app, API.schoolSelected, SESSION, async (req) => {
    const row = await findSchoolSetting(db(), actorOf(req).userId);
    return ok({
      schoolLevel: row?.levels ?? [],
      schoolNature: row?.natures ?? [],
      schoolProvince: row?.provinces ?? [],
      state: row?.state ?? true,
    });
  });

  serve(app, API.schoolUpdateSelected, SESSION, async (req) => {
    const b = req.body;
    const s = { levels: b.schoolLevel, natures: b.schoolNature, provinces: b.schoolProvince, state: b.state ?? true };
    await saveSchoolSetting(db(), actorOf(req).userId, s);
    return ok({ ...b, state: s.state }, '保存成功');
  });

  serve(app, API.benchmark, SESSION, async (req) => ok(await listBenchmarkSchools(db(), actorOf(req).userId)));

  serve(app, API.benchmarkUpdate, SESSION, async (req) => {
    const userId = actorOf(req).userId;
    const codes = req.body.schoolCodes;
    const known = await existingSchoolCodes(db(), codes);
    if (codes.some((c) => !known.has(c))) throw badRequest(SCHOOL_MSG.unknownSchool);
    await db().transaction((tx) => replaceBenchmarkSchools(tx, userId, codes));
    return ok(await listBenchmarkSchools(db(), userId), SCHOOL_MSG.saved);
  });

  serve(app, API.systemSettingUpdate, ADMIN, async (req) => {
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
  });

  serve(app, API.logoUpload, ADMIN, async (req) => {
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
  });
};
