/** Unit tests of mf-billing (shared front-end jest setup in @midway/build-config). */
const { frontEndJestConfig } = require('@midway/build-config/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'mf-billing', rootDir: __dirname, setupFiles: ['<rootDir>/jest.pact-env.js'] });
