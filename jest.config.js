// One jest run for the whole repo: units beside the code, service integration tests in each service's
// test/ folder (real Postgres, NATS and mail sink from the global setup), and browser journeys in e2e/.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }];
const node = (displayName, rootDir, extra = {}) => ({
  displayName,
  rootDir,
  // An integration test file gets a database and a NATS server of its own (see the environment).
  testEnvironment: require('node:path').resolve(__dirname, 'infra/test/suite-environment.js'),
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleNameMapper: {
    '^@midway/contracts$': '<rootDir>/' + rel(rootDir, 'packages/contracts/src'),
    '^@midway/contracts/vocab$': '<rootDir>/' + rel(rootDir, 'packages/contracts/src/vocab.ts'),
    '^@midway/contracts/money$': '<rootDir>/' + rel(rootDir, 'packages/contracts/src/money.ts'),
    '^@midway/contracts/brand$': '<rootDir>/' + rel(rootDir, 'packages/contracts/src/brand.ts'),
    '^@midway/contracts/page-data$': '<rootDir>/' + rel(rootDir, 'packages/contracts/src/page-data.ts'),
    '^@midway/contracts/item-lifecycle$': '<rootDir>/' + rel(rootDir, 'packages/contracts/src/item-lifecycle.ts'),
    '^@midway/service-kit$': '<rootDir>/' + rel(rootDir, 'packages/service-kit/src'),
    '^@midway/infra$': '<rootDir>/' + rel(rootDir, 'infra/src'),
    '^@midway/testing$': '<rootDir>/' + rel(rootDir, 'packages/testing/src'),
    // Services by their public entry (src/index.ts), as gateway and infra tests start or read them.
    '^@midway/(identity|catalog|logistics|billing)$': '<rootDir>/' + rel(rootDir, 'services/$1/src'),
    '^@midway/carriers$': '<rootDir>/' + rel(rootDir, 'packages/carriers/src'),
    '^@midway/gateway$': '<rootDir>/' + rel(rootDir, 'gateway/src'),
  },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // pg-boss (billing's jobs) and its dependencies, pdfjs-dist (logistics' PDF reading), and openid-client with its
  // oauth4webapi and jose (identity's OIDC sign-in; oidc-provider is the tests' provider) ship only ES modules:
  // compiled to CommonJS like our sources.
  transformIgnorePatterns: ['/node_modules/(?!(pg-boss|serialize-error|non-error|rrule-temporal|temporal-spec|pdfjs-dist|openid-client|oauth4webapi|jose|oidc-provider)/)'],
  ...extra,
});
function rel(from, to) {
  const path = require('node:path');
  return path.relative(path.resolve(__dirname, from), path.resolve(__dirname, to));
}

module.exports = {
  globalSetup: '<rootDir>/infra/test/global-setup.js',
  globalTeardown: '<rootDir>/infra/test/global-teardown.js',
  testTimeout: 30000,
  // A test file that leaves a timer or a consumer behind (a service's poller, a metrics sampler) would keep it
  // running, and its memory held, for the rest of the run: a worker past this size after a file is replaced.
  workerIdleMemoryLimit: '1GB',
  // See infra/test/global-teardown.js: a forgotten handle is named there instead of hanging CI.
  forceExit: true,
  projects: [
    node('contracts', 'packages/contracts'),
    node('service-kit', 'packages/service-kit'),
    node('testing', 'packages/testing'),
    node('identity', 'services/identity'),
    node('catalog', 'services/catalog'),
    node('logistics', 'services/logistics'),
    node('billing', 'services/billing'),
    node('carriers', 'packages/carriers'),
    node('gateway', 'gateway'),
    // The fault suite (npm run test:faults) is infra's too, but its own project: it starts a platform of its own and runs for minutes.
    node('infra', 'infra', { testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/faults/'] }),
    node('faults', 'infra', { testMatch: ['<rootDir>/faults/**/*.faults.test.ts'], testTimeout: 420_000 }),
    '<rootDir>/packages/ui/jest.config.js',
    '<rootDir>/shell/jest.config.js',
    '<rootDir>/mf-landing/jest.config.js',
    '<rootDir>/mf-projects/jest.config.js',
    '<rootDir>/mf-items/jest.config.js',
    '<rootDir>/mf-billing/jest.config.js',
    '<rootDir>/mf-warehouse/jest.config.js',
    '<rootDir>/e2e/jest.config.js',
  ],
};
