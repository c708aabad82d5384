export * from './people.ts';
export * from './identity.ts';
export * from './platform.ts';
export * from './org.ts';
export * from './invoices.ts';
export * from './sso.ts';
export * from './missions.ts';
export * from './collaboration.ts';
