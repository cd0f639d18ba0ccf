import { z } from 'zod';
import {
  areaSchema,
  basicInfoSchema,
  settingRequestSchema,
  settingSchema,
} from './http/settings.ts';
import {
  amendPasswordRequestSchema,
  captchaSchema,
  demoRequestSchema,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  sendEmailRequestSchema,
  sendSmsRequestSchema,
  sessionSchema,
  userSchema,
} from './http/users.ts';

/** Who may call an endpoint (AGENTS standards: visitor, logged in, real account, admin). */
export type Access = 'visitor' | 'user' | 'real' | 'admin';

export interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  access: Access;
  summary: string;
  /** Parameters, wherever they arrive: query, JSON body or form body. */
  request?: z.ZodType;
  /** The `data` of a successful envelope. */
  response: z.ZodType;
}

const empty = z.null();

/**
 * Every HTTP endpoint: the server registers routes from this list (so access rules live in
 * one place) and the OpenAPI document at /docs is generated from it. Paths are SPEC.md §7's.
 */
export const ENDPOINTS = {
  areaList: {
    method: 'GET',
    path: '/api/default/area_list',
    access: 'visitor',
    summary: 'Every country or territory with its calling code',
    response: z.array(areaSchema),
  },
  setting: {
    method: 'GET',
    path: '/api/default/setting',
    access: 'visitor',
    summary: 'One public setting, e.g. key=is_show_mobile',
    request: settingRequestSchema,
    response: settingSchema,
  },
  basicInfo: {
    method: 'GET',
    path: '/api/basicSet/getBasicInfo',
    access: 'visitor',
    summary: 'Settings the client needs at start',
    response: basicInfoSchema,
  },
  captcha: {
    method: 'GET',
    path: '/api/captcha',
    access: 'visitor',
    summary: 'A captcha image (SVG data URL) and the key to answer it with',
    response: captchaSchema,
  },
  sendSms: {
    method: 'POST',
    path: '/api/notify/send_sms',
    access: 'visitor',
    summary: 'Send a 6-digit code by SMS (type 1 register, 2 reset)',
    request: sendSmsRequestSchema,
    response: empty,
  },
  sendEmail: {
    method: 'POST',
    path: '/api/notify/send_email',
    access: 'visitor',
    summary: 'Send a 6-digit code by e-mail (type 1 register, 2 reset)',
    request: sendEmailRequestSchema,
    response: empty,
  },
  register: {
    method: 'POST',
    path: '/api/user/register',
    access: 'visitor',
    summary: 'Register by e-mail or mobile; success goes to login (no session)',
    request: registerRequestSchema,
    response: empty,
  },
  login: {
    method: 'POST',
    path: '/api/user/loginForU',
    access: 'visitor',
    summary: 'Log in with e-mail or mobile number and password',
    request: loginRequestSchema,
    response: sessionSchema,
  },
  demo: {
    method: 'GET',
    path: '/api/user/createAccountDemoForU',
    access: 'visitor',
    summary: 'A session for the demo account of a device (same demo_id, same account)',
    request: demoRequestSchema,
    response: sessionSchema,
  },
  userInfo: {
    method: 'GET',
    path: '/api/user/info',
    access: 'user',
    summary: 'The logged-in user',
    response: userSchema,
  },
  amendPassword: {
    method: 'POST',
    path: '/api/user/amend_password',
    access: 'real',
    summary: 'Change the password (type 1: auth_code is the current password; 2: a code)',
    request: amendPasswordRequestSchema,
    response: empty,
  },
  forgetPassword: {
    method: 'POST',
    path: '/api/user/forget_password',
    access: 'visitor',
    summary: 'Reset a forgotten password with a code; revokes every session',
    request: forgetPasswordRequestSchema,
    response: empty,
  },
  logout: {
    method: 'POST',
    path: '/api/user/logout',
    access: 'user',
    summary: 'Revoke the current session token',
    response: empty,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
export type ResponseOf<N extends EndpointName> = z.infer<(typeof ENDPOINTS)[N]['response']>;
export type RequestOf<N extends EndpointName> = (typeof ENDPOINTS)[N] extends {
  request: infer R extends z.ZodType;
}
  ? z.input<R>
  : undefined;
