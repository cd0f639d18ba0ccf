/**
 * The funding domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */

export { seedDefaultChannels } from './default-channels.ts';
export { withdrawalPaidTimes } from './withdrawal-paid-times.ts';
