// Import boundaries between the workspace packages (checked by infra/test/import-boundaries.test.ts;
// by hand: npx depcruise --config .dependency-cruiser.cjs <workspace folders>).
// A part reaches another only through its package name and public entry (package.json main/types/exports),
// never by a relative path across package roots or into another package's src/, test/ or dist/.
const fs = require('node:fs');
const path = require('node:path');

const root = __dirname;
const workspaces = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyPackage = `(${workspaces.map(escape).join('|')})`;

/** Files a package offers by its name: main, types and every exports target, in src/ and dist/ form. */
function publicEntries(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  const targets = [];
  const collect = (v) => (typeof v === 'string' ? targets.push(v) : v && typeof v === 'object' && Object.values(v).forEach(collect));
  collect(pkg.main);
  collect(pkg.types);
  collect(pkg.exports);
  const stems = new Set();
  for (const t of targets) {
    const stem = path.posix.normalize(t).replace(/^\.\//, '').replace(/\.(d\.ts|tsx?|[cm]?js)$/, '');
    // The build maps src/x.ts to dist/x.js, and TS path mapping resolves the src twin of a dist entry.
    for (const s of [stem, stem.replace(/^dist\//, 'src/'), stem.replace(/^src\//, 'dist/')]) stems.add(escape(`${dir}/${s}`).replace(/\\\*/g, '[^/]+'));
  }
  const files = [...stems].map((s) => `^${s}(\\.d\\.ts|\\.ts|\\.tsx|\\.js|\\.cjs|\\.mjs)?$`);
  return files;
}
const entries = workspaces.flatMap(publicEntries);

module.exports = {
  forbidden: [
    {
      name: 'no-relative-path-into-another-package',
      severity: 'error',
      comment: 'Import another workspace package by its name (declared in package.json), not by a relative path across package roots.',
      from: { path: `^${anyPackage}/` },
      to: { path: `^${anyPackage}/`, pathNot: ['^$1/', 'node_modules'], dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'no-import-of-another-package-internals',
      severity: 'error',
      comment: "Only another package's public entry (main/types/exports) may be imported; its src/, test/ and dist/ files are its own.",
      from: { path: `^${anyPackage}/` },
      to: { path: `^${anyPackage}/(src|test|dist)/`, pathNot: ['^$1/', 'node_modules', ...entries], dependencyTypes: ['aliased'] },
    },
  ],
  options: {
    // Built and generated files are not read, but a dependency on one is still seen (and judged).
    doNotFollow: { path: ['node_modules', '/dist/', '/generated/'] },
    // Scratch files outside the repository are not ours to judge (and dependency-cruiser cannot read their packages).
    exclude: { path: ['node_modules', '/coverage/', '^\\.\\./'] },
    // TypeScript 7 has no compiler API yet; swc (already used for builds and jest) reads TS and TSX.
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['types', 'main'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.cjs', '.mjs', '.json'],
    },
  },
};
