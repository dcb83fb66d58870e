/** Browser journeys through the gateway in Debian's Chromium (see support/browser.ts). */
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/*.e2e.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  moduleNameMapper: {
    '^@midway/(contracts|service-kit)$': '<rootDir>/../packages/$1/src',
    '^@midway/infra$': '<rootDir>/../infra/src',
    '^@midway/testing$': '<rootDir>/../packages/testing/src',
  },
  // The in-process OpenID Connect provider (oidc-provider) and jose ship only ES modules: compiled to CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(oidc-provider|jose)/)'],
  setupFilesAfterEnv: ['<rootDir>/support/jest-setup.ts'],
};
