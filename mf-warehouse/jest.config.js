/** Unit tests of mf-warehouse (shared front-end jest setup in @midway/build-config). */
const { frontEndJestConfig } = require('@midway/build-config/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'mf-warehouse', rootDir: __dirname, setupFiles: ['<rootDir>/jest.pact-env.js'] });
