/**
 * The settings domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */

export { areaIdOf, seedAreas } from './seed-areas.ts';
export type { SettingsService } from './settings.service.ts';
export { tradeFeeTypeOf } from './trade-fee-type.ts';
