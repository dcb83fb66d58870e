/** Unit tests of shell (shared front-end jest setup in packages/ui/jest-preset.cjs). */
const { frontEndJestConfig } = require('../packages/ui/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'shell', rootDir: __dirname });
