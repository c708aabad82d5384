export * from './people.ts';
export * from './identity.ts';
export * from './platform.ts';
