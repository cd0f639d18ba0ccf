export * from './endpoints.ts';
export * from './funding-schemas.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './schemas.ts';
