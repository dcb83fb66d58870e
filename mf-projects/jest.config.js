/** Unit tests of mf-projects (shared front-end jest setup in packages/ui/jest-preset.cjs). */
const { frontEndJestConfig } = require('../packages/ui/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'mf-projects', rootDir: __dirname, setupFiles: ['<rootDir>/jest.pact-env.js'] });
