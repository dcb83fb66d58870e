/** Unit tests of mf-landing (shared front-end jest setup in packages/ui/jest-preset.cjs). */
const { frontEndJestConfig } = require('../packages/ui/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'mf-landing', rootDir: __dirname });
