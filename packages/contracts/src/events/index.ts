export * from './envelope';
export * from './identity';
export * from './catalog';
export * from './logistics';
export * from './billing';
export * from './owner-queries';
