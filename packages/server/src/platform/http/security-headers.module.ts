import type { AppModule } from '../app/module.ts';
import { installSecurityHeaders, type SecurityHeaderOptions } from './security-headers.ts';

/** helmet's headers on every answer; `refresh` after the service link changed. */
export const securityHeadersModule: AppModule<SecurityHeaderOptions, { refresh(): void }> = {
  name: 'security-headers',
  async register(app, options) {
    return { api: await installSecurityHeaders(app, options) };
  },
};
