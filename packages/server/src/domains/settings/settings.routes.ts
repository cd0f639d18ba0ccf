import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { SettingsService } from './settings.service.ts';

export function registerSettingsRoutes(
  app: FastifyInstance,
  deps: {
    settings: SettingsService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { settings, authenticate } = deps;
  registerEndpoint(app, ENDPOINTS.areaList, authenticate, () => settings.areaList());
  registerEndpoint(app, ENDPOINTS.setting, authenticate, ({ params }) =>
    settings.publicSetting(params.key),
  );
  registerEndpoint(app, ENDPOINTS.basicInfo, authenticate, () => settings.basicInfo());
}
