export * from './operations';
export * from './document';
