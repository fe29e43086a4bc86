import { z } from 'zod';
import {
  CasConfigSchema,
  CasLoginInputSchema,
  LoginInputSchema,
  LoginRecordSchema,
  LoginThrottleClearSchema,
  LoginThrottleQuerySchema,
  LoginThrottleSchema,
} from './auth';
import { endpoint } from './endpoint';
import { listOf } from './envelope';

const A = '/api/authc';
const tags = ['登录认证'] as const;

/**
 * The authc module's endpoints (`/api/authc`): sign-in, CAS single sign-on, sign-out and try-login; and, for the
 * administrators, the sign-in limits in force and their clearing.
 */
export const AUTHC_API = {
  login: endpoint({
    method: 'POST',
    path: `${A}/login`,
    summary: '账号密码登录；每次登录发放新的会话 / sign in; a new session id each time',
    tags,
    body: LoginInputSchema,
    response: LoginRecordSchema,
  }),
  casConfig: endpoint({
    method: 'GET',
    path: `${A}/casConfig`,
    summary: '统一身份认证（CAS）配置 / whether CAS is on and where its login entry is',
    tags,
    response: CasConfigSchema,
  }),
  casLogin: endpoint({
    method: 'POST',
    path: `${A}/casLogin`,
    summary: 'CAS 票据登录（服务端向 CAS 校验票据） / sign in with a CAS ticket validated by the server',
    tags,
    body: CasLoginInputSchema,
    response: LoginRecordSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: `${A}/logout`,
    summary: '退出登录 / sign out',
    tags,
    response: z.null(),
  }),
  tryLogin: endpoint({
    method: 'GET',
    path: `${A}/tryLogin`,
    summary: '凭会话 Cookie 取回登录记录（含 CSRF 密钥） / login record of a valid session cookie',
    tags,
    response: LoginRecordSchema,
  }),
  throttles: endpoint({
    method: 'GET',
    path: `${A}/loginThrottle/list`,
    summary: '登录限制：窗口内有失败的账号与地址（管理员） / accounts and addresses being slowed, for administrators',
    tags,
    query: LoginThrottleQuerySchema,
    response: listOf(LoginThrottleSchema),
  }),
  clearThrottle: endpoint({
    method: 'POST',
    path: `${A}/loginThrottle/clear`,
    summary:
      '解除登录限制：清除账号（userId）和/或地址（ip）的失败次数与等待（管理员，记入审计日志） / clear a sign-in throttle',
    tags,
    body: LoginThrottleClearSchema,
    response: z.object({ cleared: z.number().int().describe('清除的记录数 / rows cleared') }),
    json: true,
  }),
} as const;
