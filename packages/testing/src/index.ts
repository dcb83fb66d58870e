/** Helpers for integration tests (real Postgres, NATS and mail sink from the jest global setup). */
export * from './test-env';
export * from './start-service';
export * from './http';
export * from './mail-sink.client';
export * from './callers';
export * from './authorization-matrix';
export * from './invitations';
export * from './idempotency';
export * from './oidc-provider';
export * from './authenticator-app';
