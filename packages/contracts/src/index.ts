export * from './identity';
export * from './events';
export * from './runtime';
export * from './frontend';
export * from './catalog';
export * from './text';
