/**
 * The invitations domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */

export { registerInvitationsRoutes } from './invitations.routes.ts';
export { createInvitationsService } from './invitations.service.ts';
