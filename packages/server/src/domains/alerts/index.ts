/**
 * The alerts domain's public surface: what other domains and the composition root may use.
 */
export { alertsModule } from './alerts.module.ts';
