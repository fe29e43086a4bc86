import { type AdminSetting, type AdminSettingUpdate, SYSTEM_MSG as M } from '@zg/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { presentSystemSetting } from './user.presenter';
import { findSystemSetting, updateSettingRow } from './user.repository';

/**
 * 系统管理's settings: the system name (the logo has its own upload route), CAS single sign-on and the session idle
 * timeout. Stored in the one system_settings row; where a value was never set there, the config's applies.
 */

export interface CasSettings {
  enabled: boolean;
  serverUrl: string | null;
  serviceUrl: string | null;
  validatePath: string;
  /** The attribute carrying the 工号; null: the CAS user itself. */
  userAttribute: string | null;
}

/** CAS as it applies now: the administrator's settings once saved, the config's before. */
export async function casSettings(db: Db, config: Config): Promise<CasSettings> {
  const row = await findSystemSetting(db);
  if (row?.casEnabled === null || row?.casEnabled === undefined) {
    return {
      enabled: config.CAS_ENABLED,
      serverUrl: config.CAS_SERVER_URL ?? null,
      serviceUrl: config.CAS_SERVICE_URL ?? null,
      validatePath: config.CAS_VALIDATE_PATH,
      userAttribute: null,
    };
  }
  return {
    enabled: row.casEnabled && !!row.casServerUrl && !!row.casServiceUrl,
    serverUrl: row.casServerUrl,
    serviceUrl: row.casServiceUrl,
    validatePath: config.CAS_VALIDATE_PATH,
    userAttribute: row.casUserAttribute,
  };
}

export async function adminSetting(db: Db, config: Config): Promise<AdminSetting> {
  const row = await findSystemSetting(db);
  const cas = await casSettings(db, config);
  const pub = presentSystemSetting(row);
  return {
    systemName: pub.systemName,
    logoUrl: pub.logoAttachment?.url ?? null,
    casEnabled: cas.enabled,
    casServerUrl: cas.serverUrl,
    casServiceUrl: cas.serviceUrl,
    casUserAttribute: cas.userAttribute,
    sessionIdleMinutes: row?.sessionIdleMinutes ?? config.SESSION_IDLE_MINUTES,
  };
}

export async function saveSetting(db: Db, config: Config, actor: Actor, input: AdminSettingUpdate) {
  await db.transaction(async (tx) => {
    await updateSettingRow(tx, {
      systemName: input.systemName,
      casEnabled: input.casEnabled,
      casServerUrl: input.casServerUrl || null,
      casServiceUrl: input.casServiceUrl || null,
      casUserAttribute: input.casUserAttribute || null,
      sessionIdleMinutes: input.sessionIdleMinutes,
    });
    await writeAudit(tx, { actorId: actor.userId, action: 'setting.update', entityType: 'system', detail: input });
  });
  return adminSetting(db, config);
}

/** Only whether the CAS server answers at its login page (any HTTP answer); signs nobody in. */
export async function testCas(serverUrl: string) {
  const url = `${serverUrl.replace(/\/$/, '')}/login`;
  try {
    const res = await fetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(5000) });
    await res.body?.cancel();
    return { reachable: true, message: M.casReachable(res.status) };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    const reason =
      (err as Error).name === 'TimeoutError' ? '连接超时' : cause ? `网络错误（${cause}）` : '地址无法连接';
    return { reachable: false, message: M.casUnreachable(reason) };
  }
}
