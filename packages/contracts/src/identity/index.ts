/** The identity service's HTTP contracts. */
export * from './users';
export * from './auth';
export * from './contact';
export * from './second-factor';
