/**
 * Parts never reach into each other: a package uses another only through its name and public entry, and
 * declares it in package.json. Rules in .dependency-cruiser.cjs; dependency-cruiser is ESM-only, so it runs
 * as its CLI in a child process (by hand: npx depcruise --config .dependency-cruiser.cjs <workspaces>).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as T;
const WORKSPACES: string[] = readJson<{ workspaces: string[] }>('package.json').workspaces;
const manifest = (ws: string) => readJson<Manifest>(`${ws}/package.json`);
/** The workspace a repo-relative path belongs to (longest folder first, so nested ones win). */
const ownerOf = (file: string) => [...WORKSPACES].sort((a, b) => b.length - a.length).find((ws) => file.startsWith(`${ws}/`));

interface Cruise {
  summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number };
  modules: { source: string; dependencies: { module: string; resolved: string; couldNotResolve: boolean }[] }[];
}

let result: Cruise;
beforeAll(() => {
  const run = spawnSync(process.execPath, [BIN, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...WORKSPACES], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  // It exits non-zero when it finds violations; those are in the JSON and judged below.
  if (!run.stdout.trim().startsWith('{')) throw new Error(`dependency-cruiser failed (${run.status}): ${run.stderr}`);
  result = JSON.parse(run.stdout) as Cruise;
}, 120_000);

/** Every source file of the workspaces, for what dependency-cruiser cannot see (computed require paths). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return ['node_modules', 'dist', 'generated', 'coverage'].includes(e.name) ? [] : sourceFiles(rel);
    return /\.(tsx?|[cm]?js)$/.test(e.name) ? [rel] : [];
  });
}

describe('import boundaries between workspace packages', () => {
  it('reads every workspace', () => {
    const cruised = new Set(result.modules.map((m) => ownerOf(m.source)).filter(Boolean));
    expect(WORKSPACES.filter((ws) => !cruised.has(ws))).toEqual([]);
  });

  it("no file imports another package by a relative path or reaches its src/, test/ or dist/", () => {
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(violations).toEqual([]);
  });

  it("no file requires or imports another package's src/, test/ or dist/ by a computed path", () => {
    const internals = new RegExp(`(?:^|['"\`/])(${WORKSPACES.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})/(?:src|test|dist)/`);
    const found = WORKSPACES.flatMap((ws) =>
      sourceFiles(ws).flatMap((file) =>
        fs
          .readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => /\b(require(\.resolve)?|import)\s*\(/.test(line))
          .filter(({ line }) => {
            const hit = internals.exec(line);
            return hit !== null && hit[1] !== ws;
          })
          .map(({ line, at }) => `${at}: ${line.trim()}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('every import of a workspace package resolves to a file', () => {
    const unresolved = result.modules.flatMap((m) =>
      m.dependencies.filter((d) => d.couldNotResolve && d.module.startsWith('@midway/')).map((d) => `${m.source} → ${d.module}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('every workspace package a file uses is declared in its package.json', () => {
    const undeclared = new Map<string, string>();
    for (const m of result.modules) {
      const from = ownerOf(m.source);
      if (!from) continue;
      const own = manifest(from);
      const declared = { ...own.dependencies, ...own.devDependencies, ...own.peerDependencies };
      for (const d of m.dependencies) {
        const to = ownerOf(d.resolved);
        if (!to || to === from) continue;
        const name = manifest(to).name;
        const key = `${from}/package.json does not declare ${name}`;
        if (!(name in declared) && !undeclared.has(key)) undeclared.set(key, m.source);
      }
    }
    expect([...undeclared].map(([key, file]) => `${key} (used in ${file})`).sort()).toEqual([]);
  });
});
