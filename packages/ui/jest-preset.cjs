const path = require('node:path');

/**
 * The jest config every front-end package uses: jsdom + @swc/jest, workspace packages mapped to their
 * sources (no build needed), static assets stubbed. An app's jest.config.js names itself and adds setup files.
 */
function frontEndJestConfig({ displayName, rootDir, setupFiles = [] }) {
  const ui = path.relative(rootDir, __dirname) || '.';
  const contracts = path.relative(rootDir, path.join(__dirname, '..', 'contracts'));
  return {
    displayName,
    rootDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    setupFiles: [`<rootDir>/${ui}/jest.setup.js`, ...setupFiles],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        { swcrc: false, jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
      ],
    },
    moduleNameMapper: {
      '^@midway/contracts$': `<rootDir>/${contracts}/src/index.ts`,
      '^@midway/contracts/vocab$': `<rootDir>/${contracts}/src/vocab.ts`,
      '^@midway/ui$': `<rootDir>/${ui}/src/index.ts`,
      '^@midway/ui/(dialog|select|tabs|switch|avatar|query)$': `<rootDir>/${ui}/src/$1`,
      '\\.(svg|png|jpe?g|webp)$': `<rootDir>/${ui}/test-file-stub.js`,
    },
  };
}

module.exports = { frontEndJestConfig };
