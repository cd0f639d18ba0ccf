/**
 * The users domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */
export { type AccountControls, createAccountControls } from './account-controls.ts';
export type { CaptchaService } from './captcha.service.ts';
export { normalizeEmail } from './contacts.ts';
export { maskContact } from './mask-contact.ts';
export type { PasswordConfirmation } from './password-confirmation.ts';
export { createPasswordConfirmation } from './password-confirmation.ts';
export { toPublicUser } from './public-user.ts';
export type { SessionsService } from './sessions.service.ts';
export { createUserDirectory, type UserDirectory } from './user-directory.ts';
export type { UserRecord, UsersRepository } from './users.repository.ts';
export { createUsersRepository, toUser } from './users.repository.ts';
