export * from './envelope';
export * from './identity';
export * from './catalog';
