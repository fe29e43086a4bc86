import {
  DocumentOwnerSchema,
  DocumentSaveSchema,
  DocumentsSchema,
  envelope,
  int32,
  TASK_MSG,
  TaskInputSchema,
  YearGroupSchema,
  YearTargetInputSchema,
} from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { documentsOf, saveDocuments } from './target-task.documents';
import {
  createTask,
  createYearTarget,
  divideTargetYear,
  editTask,
  editYearTarget,
  removeTask,
  removeYearTarget,
} from './target-task.service';

/** Either target-task menu grants the module; records are checked again in the service. */
export const WBS = { access: { menus: ['wbs', 'annualWbs'] } } as const;
export const Id = z.object({ id: int32().positive() });
export const Versioned = z.object({ id: int32().positive(), version: int32() });

/** Where one service keeps the families that spec-1 section 7 names under both herm-wbs and herm-ndwbs. */
export interface SharedPaths {
  /** Year-target writes: `${yearTarget}/insert`, `/update`, `/:id/delete`. */
  yearTarget: string;
  /** Task writes: `${task}/insert`, `/update`, `/:id/delete`. */
  task: string;
  /** The documents of a year target or task, by file type (the save is `/targetTaskFile/save` under both). */
  documentList: string;
}

/**
 * The routes both target-task services offer under their own names: year-target and task writes, the year
 * division of the year targets, and the documents. One handler each, so the two services cannot drift apart.
 */
export function registerSharedRoutes(app: FastifyInstance, paths: SharedPaths, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const files = () => ({ db: app.database.db, store: app.fileStore, config: app.config });
  const config = WBS;

  r.post(
    `${paths.yearTarget}/insert`,
    {
      config,
      schema: {
        tags,
        summary: '新增年度目标 / create a year target',
        body: YearTargetInputSchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok({ id: (await createYearTarget(db(), actorOf(req), req.body)).id }, '新增成功'),
  );
  r.post(
    `${paths.yearTarget}/update`,
    {
      config,
      schema: {
        tags,
        summary: '修改年度目标 / update a year target',
        body: YearTargetInputSchema.extend(Versioned.shape),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await editYearTarget(db(), actorOf(req), req.body.id, req.body.version, req.body);
      return ok(null, '修改成功');
    },
  );
  r.post(
    `${paths.yearTarget}/:id/delete`,
    {
      config,
      schema: {
        tags,
        summary: '删除年度目标（其下无任务时） / delete a year target without tasks',
        params: Id,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await removeYearTarget(db(), actorOf(req), req.params.id);
      return ok(null, '删除成功');
    },
  );
  r.get(
    '/yearTarget/divideTargetYear',
    {
      config,
      schema: {
        tags,
        summary: '按年划分的年度目标 / year targets divided by year',
        querystring: z.object({ year: int32().optional() }),
        response: { 200: envelope(z.array(YearGroupSchema)) },
      },
    },
    async (req) => ok(await divideTargetYear(db(), actorOf(req), req.query.year)),
  );

  r.post(
    `${paths.task}/insert`,
    {
      config,
      schema: {
        tags,
        summary: '新增任务（顶层或分解子任务） / create a task or a child',
        body: TaskInputSchema,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok({ id: (await createTask(db(), actorOf(req), req.body)).id }, '新增成功'),
  );
  r.post(
    `${paths.task}/update`,
    {
      config,
      schema: {
        tags,
        summary: '修改任务 / update a task',
        body: TaskInputSchema.extend(Versioned.shape),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await editTask(db(), actorOf(req), req.body.id, req.body.version, req.body);
      return ok(null, '修改成功');
    },
  );
  r.post(
    `${paths.task}/:id/delete`,
    {
      config,
      schema: { tags, summary: '删除任务 / delete a task', params: Id, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await removeTask(db(), actorOf(req), req.params.id);
      return ok(null, '删除成功');
    },
  );

  r.get(
    paths.documentList,
    {
      config,
      schema: {
        tags,
        summary: '年度目标或任务的文档（按文件类型） / documents of a year target or task by file type',
        querystring: DocumentOwnerSchema,
        response: { 200: envelope(DocumentsSchema) },
      },
    },
    async (req) => ok(await documentsOf(files(), actorOf(req), req.query)),
  );
  r.post(
    '/targetTaskFile/save',
    {
      config,
      schema: {
        tags,
        summary: '保存某一文件类型的全部文档（新上传的挂上，列表外的删除） / save the documents of one file type',
        body: DocumentSaveSchema,
        response: { 200: envelope(DocumentsSchema) },
      },
    },
    async (req) => ok(await saveDocuments(files(), actorOf(req), req.body), TASK_MSG.filesSaved),
  );
}
