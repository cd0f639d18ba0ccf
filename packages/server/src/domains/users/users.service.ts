import type { Kysely } from 'kysely';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import type { SettingsService } from '../settings/index.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { CodesService } from './codes.service.ts';
import type { ContactResolver } from './contact-resolver.ts';
import { createDemoLogin } from './demo-login.ts';
import { createLogin } from './login.ts';
import { createRegistration } from './register.ts';
import type { SessionsService } from './sessions.service.ts';
import type { UsersTables } from './tables.ts';
import type { UsersRepository } from './users.repository.ts';

/** Registration (register.ts), login (login.ts) and demo accounts (demo-login.ts). */
export function createUsersService(deps: {
  db: Kysely<UsersTables>;
  users: UsersRepository;
  sessions: SessionsService;
  codes: CodesService;
  captcha: CaptchaService;
  contacts: ContactResolver;
  settings: SettingsService;
  limiter: RateLimiter;
  hasher: PasswordHasher;
  now: () => number;
}) {
  return {
    register: createRegistration(deps),
    login: createLogin(deps),
    demo: createDemoLogin(deps),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
