/**
 * A worker process for tests: the app over DATABASE_URL with its job runner polling (JOB_POLL_MS and JOB_LOCK_SECONDS
 * from the environment), serving no port. It prints "ready" once it polls; the test kills it (SIGKILL) to see what a
 * worker that dies mid-job leaves behind.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const database = await openDatabase({ url: config.DATABASE_URL! });
const app = await buildApp({ config, database, logger: false, startJobs: true });
await app.ready();
process.stdout.write('ready\n');
