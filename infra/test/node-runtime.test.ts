import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const pinned: string = pkg.devDependencies.node;
const major = pinned.split('.')[0];

// Node 20 reached its end of life in April 2026; the project brings Node 22 as the `node` npm package.
describe('the Node runtime', () => {
  it('runs the tests on the pinned Node 22 binary from node_modules, not the machine Node', () => {
    expect(major).toBe('22');
    expect(process.versions.node).toBe(pinned);
    expect(fs.realpathSync(process.execPath)).toBe(fs.realpathSync(path.join(root, 'node_modules/node/bin/node')));
  });

  it('gives child processes (services started by npm start and tests) the same binary', () => {
    const out = spawnSync(process.execPath, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(out.stdout.trim()).toBe(pinned);
  });

  it('declares the same major in engines and in every Dockerfile', () => {
    expect(pkg.engines.node).toBe(`>=${major} <${Number(major) + 1}`);
    const services = fs.readdirSync(path.join(root, 'services')).map((d) => `services/${d}`);
    const dockerfiles = ['gateway', ...services]
      .map((dir) => path.join(root, dir, 'Dockerfile'))
      .filter((f) => fs.existsSync(f));
    expect(dockerfiles.length).toBeGreaterThan(0);
    for (const file of dockerfiles) {
      const froms = fs.readFileSync(file, 'utf8').match(/^FROM\s+\S+/gm) ?? [];
      expect(froms.length).toBeGreaterThan(0);
      for (const from of froms) expect(from).toMatch(new RegExp(`^FROM node:${major}-`));
    }
  });
});
