import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP, type Endpoint, MSG } from '@zg/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { algorithmPlugin, createAlgorithmRunner } from './modules/algorithm';
import { analysisPlugin } from './modules/analysis';
import { archivePlugin } from './modules/archive';
import { authcPlugin } from './modules/authc';
import { dashboardPlugin } from './modules/dashboard';
import { dataCollectionPlugin } from './modules/data-collection';
import { dataManagePlugin } from './modules/data-manage';
import { developPlugin } from './modules/develop';
import { diagnosisPlugin } from './modules/diagnosis';
import { filesPlugin } from './modules/files';
import { indicatorAnalysisPlugin } from './modules/indicator-analysis';
import { notificationPlugin } from './modules/notification';
import { performancePlugin } from './modules/performance';
import { portraitPlugin } from './modules/portrait';
import { progressPlugin } from './modules/progress';
import { qualityWarningPlugin } from './modules/quality-warning';
import { referencePlugin } from './modules/reference';
import { reportPlugin } from './modules/report';
import { rivalAnalysisPlugin } from './modules/rival-analysis';
import { selfReportPlugin } from './modules/self-report';
import { standardPlugin } from './modules/standard';
import { systemPlugin } from './modules/system';
import { tableConfigPlugin } from './modules/table-config';
import { targetTaskPlugin } from './modules/target-task';
import { userPlugin } from './modules/user';
import { warningPlugin } from './modules/warning';
import { type Access, registerAccessControl } from './platform/access';
import { registerSessionLoading } from './platform/auth';
import { registerFormBody } from './platform/body-parsers';
import type { RouteEntry } from './platform/context';
import { registerMultipartTextCheck } from './platform/multipart';
import './platform/context';
import { Clock } from './platform/clock';
import { fail } from './platform/envelope';
import { registerErrorHandling } from './platform/error-handler';
import { LocalFileStore } from './platform/files/file-store';
import { Hooks } from './platform/hooks';
import { JobRunner } from './platform/jobs';
import { registerSecurityHeaders } from './platform/security-headers';
import { createSerializerCompiler } from './platform/serialization';
import { validatorCompiler } from './platform/validation';
import { registerWebStatic } from './platform/web-static';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Extra routes registered with the modules (tests use it to exercise the access layer). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  /** Run background jobs in this instance (tests may drain them by hand instead). */
  startJobs?: boolean;
  /** The hook registry the modules register with (platform/hooks.ts); a new one by default. */
  hooks?: Hooks;
}

/** Builds the Fastify instance: external plugins, then platform, then modules. */
export async function buildApp({
  config,
  database,
  logger,
  extraRoutes,
  startJobs = true,
  hooks = new Hooks(),
}: BuildOptions) {
  // TLS_CERT_FILE / TLS_KEY_FILE: HTTPS with HTTP/2 on PORT, HTTP/1.1 kept for clients that ask for it. A phone loads
  // the home page's sixty-odd files over one connection instead of queueing them on six (bench/RESULTS.md).
  const tls =
    config.TLS_CERT_FILE && config.TLS_KEY_FILE
      ? {
          http2: true,
          https: {
            allowHTTP1: true,
            cert: fs.readFileSync(config.TLS_CERT_FILE),
            key: fs.readFileSync(config.TLS_KEY_FILE),
          },
        }
      : {};
  const app = Fastify({
    // The HTTP/2 server's requests and replies keep the HTTP/1.1 API the app uses (node:http2's compatibility layer).
    ...(tls as object),
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Registration never waits on the network; a busy machine (tests beside a data generator) may still need more
    // than the default 10 s to get through it.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('fileStore', new LocalFileStore(path.join(config.DATA_DIR, 'files')));
  const jobRunner = new JobRunner(database.db, app.log, {
    pollMs: config.JOB_POLL_MS,
    lockSeconds: config.JOB_LOCK_SECONDS,
    concurrency: config.JOB_CONCURRENCY,
  });
  app.decorate('jobs', jobRunner);
  app.decorate('clock', new Clock());
  // One algorithm runner per instance (its run gate and limits): the algorithm routes and other modules compute through it.
  app.decorate('algorithms', createAlgorithmRunner(database.db, config));
  app.decorate('hooks', hooks);
  if (startJobs) {
    app.addHook('onReady', async () => jobRunner.startPolling());
    app.addHook('onClose', async () => jobRunner.stop());
  }
  const routeCatalog: RouteEntry[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) {
      routeCatalog.push({
        method,
        url: r.url,
        hidden: Boolean((r.schema as { hide?: boolean } | undefined)?.hide),
        consumes: (r.schema as { consumes?: string[] } | undefined)?.consumes ?? [],
        access: (r.config as { access?: Access } | undefined)?.access,
        endpoint: (r.config as { endpoint?: Endpoint } | undefined)?.endpoint,
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  // Replies written from their schemas by fast-json-stringify; checked against them too, except in production.
  app.setSerializerCompiler(createSerializerCompiler({ validate: config.NODE_ENV !== 'production' }));
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerSecurityHeaders(app, { https: config.COOKIE_SECURE || Boolean(config.TLS_CERT_FILE) });
  if (!config.TRUST_PROXY) {
    // Behind a proxy without TRUST_PROXY every user has the proxy's address, and the sign-in limits count them as one.
    let warned = false;
    app.addHook('onRequest', async (req) => {
      if (warned || req.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      req.log.warn(
        '收到 X-Forwarded-For 请求头，但未设置 TRUST_PROXY：经代理来的所有用户被视为同一地址（登录限制按地址计）。部署在反向代理之后请设置 TRUST_PROXY=true，并由代理用客户端地址覆盖 X-Forwarded-For（见 README）',
      );
    });
  }

  // external
  await app.register(fastifyCookie);
  // One file a request; fields are short form values (a guid, a name, an id), never 1 MB each as the default allows.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 50, fieldSize: 16 * 1024, fileSize: 2 * 1024 ** 3 },
  });
  registerFormBody(app);
  registerMultipartTextCheck(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${APP.defaultSystemName} API`,
        description:
          '学校内部质量保证诊断与改进平台的接口文档，由契约包（packages/contract）的 zod 模式生成。字段名沿用规格中的拼音缩写，每个字段的说明即术语表。',
        version: APP.version,
      },
      components: { securitySchemes: { sid: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
      security: [{ sid: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // platform
  registerErrorHandling(app);
  registerSessionLoading(app);
  registerAccessControl(app);

  // modules: each registers its own routes (with their spec prefixes under /api), jobs and file owner policies
  for (const plugin of [
    systemPlugin,
    authcPlugin,
    userPlugin,
    referencePlugin,
    filesPlugin,
    targetTaskPlugin,
    progressPlugin,
    warningPlugin,
    analysisPlugin,
    reportPlugin,
    performancePlugin,
    archivePlugin,
    tableConfigPlugin,
    dataManagePlugin,
    dataCollectionPlugin,
    algorithmPlugin,
    standardPlugin,
    diagnosisPlugin,
    qualityWarningPlugin,
    notificationPlugin,
    dashboardPlugin,
    selfReportPlugin,
    rivalAnalysisPlugin,
    developPlugin,
    indicatorAnalysisPlugin,
    portraitPlugin,
  ]) {
    await app.register(plugin, { prefix: '/api' });
  }
  if (extraRoutes) await app.register(async (child) => extraRoutes(child));

  // the web app, when built
  if (fs.existsSync(config.WEB_DIST)) {
    await registerWebStatic(app, config.WEB_DIST);
  } else {
    app.get('/', { schema: { hide: true } }, async (_req, reply) =>
      reply.code(503).send(fail(`${MSG.notFound}：前端尚未构建，请先运行 npm run build`)),
    );
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
