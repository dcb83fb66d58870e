/** Unit tests of shell (shared front-end jest setup in @midway/build-config). */
const { frontEndJestConfig } = require('@midway/build-config/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'shell', rootDir: __dirname });
