const fs = require('node:fs');
const path = require('node:path');

/**
 * `moduleNameMapper` entries that send a workspace package's name and every subpath it exports to its TypeScript
 * sources, read from its package.json `exports` (so a new subpath such as `@midway/ui/data` needs no edit here).
 */
function sourceMappings(rootDir, name, dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const source = (target) => {
    // A conditional export names its sources under `types` (contracts) or is the source itself (ui).
    const file = typeof target === 'string' ? target : target && (target.types ?? target.default);
    return typeof file === 'string' && /\.tsx?$/.test(file) ? file : undefined;
  };
  const mappings = {};
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const file = source(target);
    if (!file || subpath.includes('*')) continue;
    const specifier = subpath === '.' ? name : `${name}/${subpath.replace(/^\.\//, '')}`;
    mappings[`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`] = `<rootDir>/${path.relative(rootDir, path.join(dir, file))}`;
  }
  return mappings;
}

/**
 * The jest config every front-end package uses: jsdom + @swc/jest, workspace packages mapped to their
 * sources (no build needed), static assets stubbed. An app's jest.config.js names itself and adds setup files.
 */
function frontEndJestConfig({ displayName, rootDir, setupFiles = [] }) {
  const here = path.relative(rootDir, __dirname) || '.';
  const packages = path.join(__dirname, '..');
  return {
    displayName,
    rootDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    setupFiles: [`<rootDir>/${here}/jest.setup.js`, ...setupFiles],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        { swcrc: false, jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
      ],
    },
    moduleNameMapper: {
      // Assets first: `@midway/ui/assets/*.svg` is a file, not a module.
      '\\.(svg|png|jpe?g|webp)$': `<rootDir>/${here}/test-file-stub.js`,
      ...sourceMappings(rootDir, '@midway/contracts', path.join(packages, 'contracts')),
      ...sourceMappings(rootDir, '@midway/ui', path.join(packages, 'ui')),
    },
  };
}

module.exports = { frontEndJestConfig };
