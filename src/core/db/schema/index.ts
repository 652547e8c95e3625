export * from './audit.ts';
export * from './demand.ts';
export * from './identity.ts';
export * from './leave.ts';
export * from './org.ts';
export * from './people.ts';
export * from './platform.ts';
export * from './reference.ts';
