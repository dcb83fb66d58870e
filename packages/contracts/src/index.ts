// The one entry of @midway/contracts for servers (the browser imports only types from here, and values from
// `@midway/contracts/vocab` and `@midway/contracts/money`, which have no zod).
export * from './vocab';
export * from './item-lifecycle';
export * from './money';
export * from './text';
export * from './errors';
export * from './identity';
export * from './catalog';
export * from './logistics';
export * from './billing';
export * from './events';
export * from './runtime';
export * from './frontend';
export * from './page-data';
export * from './openapi';
