import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { registerAdminEndpoint } from '../../platform/operators/admin-endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { CompanyService } from './company.service.ts';

/** The start-up check and company search (visitors), and the operators' company desk. */
export function registerCompanyRoutes(
  app: FastifyInstance,
  deps: {
    company: CompanyService;
    auth: AdminAuth;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { company, authenticate } = deps;
  registerEndpoint(app, ENDPOINTS.companyStatus, authenticate, () => company.status());
  registerEndpoint(app, ENDPOINTS.companySearch, authenticate, ({ params }) =>
    company.search(params.name),
  );

  const endpointDeps = { auth: deps.auth };
  const on = <N extends Parameters<typeof registerAdminEndpoint>[1]>(
    name: N,
    handler: Parameters<typeof registerAdminEndpoint<N>>[3],
  ) => registerAdminEndpoint(app, name, endpointDeps, handler);
  on('companies', ({ params }) => company.list(params.page));
  on('saveCompany', ({ params, actor }) => {
    const { id, ...fields } = params;
    return company.save(actor, id, fields);
  });
  on('deleteCompany', ({ params, actor }) => company.remove(actor, params.id));
  on('companySettings', () => company.settings());
  on('updateCompanySettings', ({ params, actor }) => company.updateSettings(actor, params));
}
