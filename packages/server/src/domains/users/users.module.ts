import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Notifier } from '../../platform/notify/notifier.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import type { SettingsService } from '../settings/index.ts';
import { type CaptchaService, createCaptchaService } from './captcha.service.ts';
import { createCodesService } from './codes.service.ts';
import { createContactResolver } from './contact-resolver.ts';
import { createPasswordsService } from './passwords.service.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { createSessionsService, type SessionsService } from './sessions.service.ts';
import type { UsersTables } from './tables.ts';
import { createUsersRepository, type UsersRepository } from './users.repository.ts';
import { registerUsersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/**
 * Who is calling: the users' records and their sessions. Added before every module with
 * routes, since each endpoint resolves its caller through `sessions.authenticate`.
 */
export const sessionsModule: AppModule<
  { db: Kysely<UsersTables>; bus: Bus; now: () => number },
  { users: UsersRepository; sessions: SessionsService }
> = {
  name: 'sessions',
  register(_app, { db, bus, now }) {
    const users = createUsersRepository(db);
    const sessions = createSessionsService({ sessions: createSessionsRepository(db), bus, now });
    return { api: { users, sessions } };
  },
};

/** Registration, login, codes, captchas and passwords (SPEC.md §1). */
export const usersModule: AppModule<
  {
    db: Kysely<UsersTables>;
    users: UsersRepository;
    sessions: SessionsService;
    settings: SettingsService;
    notifier: Notifier;
    limiter: RateLimiter;
    hasher: PasswordHasher;
    now: () => number;
  },
  { captcha: CaptchaService }
> = {
  name: 'users',
  register(app, deps) {
    const { db, users, sessions, settings, limiter, hasher, now } = deps;
    const codes = createCodesService({ db, notifier: deps.notifier, limiter, now });
    const captcha = createCaptchaService({ db, limiter, now });
    const contacts = createContactResolver({ settings, users });
    const common = { db, sessions, codes, contacts, limiter, hasher, now };
    registerUsersRoutes(app, {
      users: createUsersService({ ...common, users, captcha, settings }),
      passwords: createPasswordsService(common),
      sessions,
      codes,
      captcha,
      contacts,
      limiter,
    });
    return { api: { captcha } };
  },
};
