/** Unit tests of @midway/shell: jsdom + @swc/jest; workspace packages map to their sources (no build needed). */
module.exports = {
  displayName: 'shell',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  setupFiles: ['<rootDir>/../packages/ui/jest.setup.js'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { swcrc: false, jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: {
    '^@midway/contracts$': '<rootDir>/../packages/contracts/src/index.ts',
    '^@midway/ui$': '<rootDir>/../packages/ui/src/index.ts',
    '^@midway/ui/(dialog|select|tabs|switch|avatar|query)$': '<rootDir>/../packages/ui/src/$1',
    '\\.(svg|png|jpe?g|webp)$': '<rootDir>/../packages/ui/test-file-stub.js',
  },
};
