import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CYCLE_VALUE_USERS } from '../data-manage';
import { NODE_TASKS } from '../standard';
import { annualWbsRoutes } from './annual-wbs.routes';
import { registerTargetTaskFilePolicies, registerTargetTaskHistory } from './target-task.policy';
import { tasksNamingCycleValues } from './target-task.repository';
import { targetTaskRoutes } from './target-task.routes';
import { tasksServingNode } from './task-qcp.repository';

/** Registered by app.ts under `/api`: the target-task routes of both menus and the policies of their documents. */
export const targetTaskPlugin: FastifyPluginAsyncZod = async (app) => {
  registerTargetTaskFilePolicies(app.hooks);
  registerTargetTaskHistory(app.hooks);
  // A cycle value a task names is kept by data management's cycles: they ask the tasks before a delete or a rename.
  app.hooks.add(CYCLE_VALUE_USERS, 'target-task', tasksNamingCycleValues);
  // The standard node's panel lists the tasks serving it (issue 35), through this module's read.
  app.hooks.add(NODE_TASKS, 'target-task', tasksServingNode);
  await app.register(targetTaskRoutes, { prefix: '/herm-wbs' });
  await app.register(annualWbsRoutes, { prefix: '/herm-ndwbs' });
};
