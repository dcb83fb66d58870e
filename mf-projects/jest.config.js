/** Unit tests of mf-projects (shared front-end jest setup in @midway/build-config). */
const { frontEndJestConfig } = require('@midway/build-config/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'mf-projects', rootDir: __dirname, setupFiles: ['<rootDir>/jest.pact-env.js'] });
