/**
 * Copy trading's public surface (issue 29): what other domains may use.
 */

export { copyingAdminModule } from './copying.admin.module.ts';
export { type CopyingParts, copyingModule } from './copying.module.ts';
export type { CopyingService } from './copying.service.ts';
export { type CopyingReads, createCopyingReads, type RunningCopy } from './copying-reads.ts';
export {
  createLeaderSettingsRepository,
  isCopyable,
  isVisible,
  type LeaderSettings,
} from './leader-settings.repository.ts';
