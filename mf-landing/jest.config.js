/** Unit tests of mf-landing (shared front-end jest setup in @midway/build-config). */
const { frontEndJestConfig } = require('@midway/build-config/jest-preset.cjs');

module.exports = frontEndJestConfig({ displayName: 'mf-landing', rootDir: __dirname });
