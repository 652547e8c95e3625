export * from './reader.ts';
export * from './sheet.ts';
export * from './writer.ts';
export * from './zip-guard.ts';
