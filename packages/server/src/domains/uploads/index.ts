/**
 * The uploads domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */
export type { ImageWorkQueue } from './image-work-queue.ts';
export { createImageWorkQueue } from './image-work-queue.ts';
export { reencodeImage } from './reencode-image.ts';
export { fileOf, registerUploadsRoutes } from './uploads.routes.ts';
export type { UploadClaims, UploadsService } from './uploads.service.ts';
export { createUploadsService, uploadUrlOf } from './uploads.service.ts';
