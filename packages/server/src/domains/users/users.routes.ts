import { CODE_PURPOSES, ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { CodePurposeName } from '../../platform/notify/notifier.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { limitAccountProbes } from './account-probes.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { CodesService } from './codes.service.ts';
import type { ContactResolver, ResolvedContact } from './contact-resolver.ts';
import type { PasswordsService } from './passwords.service.ts';
import { toPublicUser } from './public-user.ts';
import type { SessionsService } from './sessions.service.ts';
import type { UsersService } from './users.service.ts';

export interface UsersRoutesDeps {
  users: UsersService;
  passwords: PasswordsService;
  sessions: SessionsService;
  codes: CodesService;
  captcha: CaptchaService;
  contacts: ContactResolver;
  limiter: RateLimiter;
}

function purposeOf(type: number): CodePurposeName {
  return type === CODE_PURPOSES.register ? 'register' : 'reset';
}

export function registerUsersRoutes(app: FastifyInstance, deps: UsersRoutesDeps): void {
  const auth = deps.sessions.authenticate;

  /**
   * A register code only for a free contact. A reset code only for an existing account, but
   * the answer is the same either way (limits counted, "sent"), so that it tells nobody which
   * accounts exist; asking is limited per address, as everything that could tell is.
   */
  async function sendCode(
    contact: ResolvedContact,
    to: string,
    type: number,
    ip: string,
    language: Parameters<CodesService['send']>[0]['language'],
  ) {
    const purpose = purposeOf(type);
    await limitAccountProbes(deps.limiter, ip);
    const owner = await deps.contacts.owner(contact);
    if (purpose === 'register' && owner) throw new AppError('ACCOUNT_TAKEN');
    await deps.codes.send({
      silent: purpose === 'reset' && !owner,
      channel: contact.channel,
      destination: contact.destination,
      to,
      purpose,
      ip,
      language,
    });
  }

  registerEndpoint(app, ENDPOINTS.sendEmail, auth, async ({ params, ip, language, setMessage }) => {
    const contact = await deps.contacts.resolve('email', params.to, undefined);
    await sendCode(contact, params.to, params.type, ip, language);
    setMessage('code.sent');
    return null;
  });

  registerEndpoint(app, ENDPOINTS.sendSms, auth, async ({ params, ip, language, setMessage }) => {
    const contact = await deps.contacts.resolve('mobile', params.to, params.area_id);
    await sendCode(contact, params.to, params.type, ip, language);
    setMessage('code.sent');
    return null;
  });

  registerEndpoint(app, ENDPOINTS.captcha, auth, ({ ip }) => deps.captcha.create(ip));

  registerEndpoint(app, ENDPOINTS.register, auth, async ({ params, ip, setMessage }) => {
    await deps.users.register(params, ip);
    setMessage('register.success');
    return null;
  });

  registerEndpoint(app, ENDPOINTS.login, auth, ({ params, ip }) => deps.users.login(params, ip));

  registerEndpoint(app, ENDPOINTS.demo, auth, ({ params, ip }) =>
    deps.users.demo(params.demo_id, ip),
  );

  registerEndpoint(app, ENDPOINTS.userInfo, auth, ({ user }) => toPublicUser(user));

  registerEndpoint(app, ENDPOINTS.amendPassword, auth, async ({ params, user, setMessage }) => {
    await deps.passwords.amend(user, params);
    setMessage('password.changed');
    return null;
  });

  registerEndpoint(app, ENDPOINTS.forgetPassword, auth, async ({ params, ip, setMessage }) => {
    await deps.passwords.reset(params, ip);
    setMessage('password.changed');
    return null;
  });

  registerEndpoint(app, ENDPOINTS.logout, auth, async ({ token, user, setMessage }) => {
    if (token) await deps.sessions.revoke(token, user.id);
    setMessage('user.logout_success');
    return null;
  });
}
