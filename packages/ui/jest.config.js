/** Unit tests of packages/ui (shared front-end jest setup in packages/ui/jest-preset.cjs). */
const { frontEndJestConfig } = require('./jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'ui', rootDir: __dirname });
