// The notifications module's public surface (issue 41).
export { type ChoiceExecutor, type ChosenNotice, createChosenNotices } from './chosen-notices.ts';
export { notificationsModule } from './notifications.module.ts';
