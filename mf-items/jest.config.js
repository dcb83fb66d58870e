/** Unit tests of mf-items (shared front-end jest setup in @midway/build-config). */
const { frontEndJestConfig } = require('@midway/build-config/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'mf-items', rootDir: __dirname, setupFiles: ['<rootDir>/jest.pact-env.js'] });
