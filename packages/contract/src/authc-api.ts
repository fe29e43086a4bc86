import { z } from 'zod';
import { CasConfigSchema, CasLoginInputSchema, LoginInputSchema, LoginRecordSchema } from './auth';
import { endpoint } from './endpoint';

const A = '/api/authc';
const tags = ['登录认证'] as const;

/** The authc module's endpoints (`/api/authc`): sign-in, CAS single sign-on, sign-out and try-login. */
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
} as const;
