/**
 * The standard module's public surface: standard systems (目标标准: the catalogue of QCPs and their rules,
 * `/api/herm-mbbz`), the hook by which what uses a system (diagnosis tasks) keeps it from destructive change, and
 * loading a set of systems (the demo's).
 */

export { standardPlugin } from './standard.plugin';
export { installStandards, type StandardSeed, type StandardSeedNode } from './standard-seed.service';
/** What uses a system registers with this hook (`app.hooks.add(STANDARD_USERS, name, fn)`), so it versions instead of changing. */
export { STANDARD_USERS, type StandardUser } from './standard-users';
