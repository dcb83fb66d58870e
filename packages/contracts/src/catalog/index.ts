/** The catalog's HTTP contracts, one file per part of the domain. */
export * from './projects';
export * from './items';
export * from './members';
export * from './sharing';
export * from './activity';
export * from './dashboard';
export * from './search';
export * from './item-imports';
