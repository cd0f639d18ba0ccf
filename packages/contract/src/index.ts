export * from './codes.ts';
export * from './endpoints.ts';
export * from './envelope.ts';
export * from './http/fields.ts';
export * from './http/settings.ts';
export * from './http/users.ts';
export * from './languages.ts';
