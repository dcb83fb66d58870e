/** Unit tests of @midway/ui: jsdom + @swc/jest; workspace packages map to their sources (no build needed). */
module.exports = {
  displayName: 'ui',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  setupFiles: ['<rootDir>/jest.setup.js'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { swcrc: false, jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: {
    '^@midway/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@midway/ui$': '<rootDir>/src/index.ts',
    '^@midway/ui/(dialog|select|tabs|switch|avatar|query)$': '<rootDir>/src/$1',
    '\\.(svg|png|jpe?g|webp)$': '<rootDir>/test-file-stub.js',
  },
};
