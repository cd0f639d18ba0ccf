/**
 * The identity domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */

export type { IdentitiesRepository } from './identities.repository.ts';
export { createIdentitiesRepository } from './identities.repository.ts';
export { registerIdentityRoutes } from './identity.routes.ts';
export type { IdentityService } from './identity.service.ts';
export { createIdentityService, toCenter } from './identity.service.ts';
