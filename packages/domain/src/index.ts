export * from './shared/ids.ts';
export * from './shared/numbers.ts';
export * from './shared/constants.ts';
export * from './messages/index.ts';
export * from './people/email.ts';
export * from './people/names.ts';
export * from './people/profile.ts';
