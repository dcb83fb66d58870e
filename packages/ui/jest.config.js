/** Unit tests of packages/ui (shared front-end jest setup in @midway/build-config). */
const { frontEndJestConfig } = require('@midway/build-config/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'ui', rootDir: __dirname });
