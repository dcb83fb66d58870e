import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const { firstHalf, secondHalf } = require('../scripts/test-split') as { firstHalf: string[][]; secondHalf: string[] };

/** The test files jest would run with these arguments. */
function listed(args: string[]): string[] {
  const out = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '--listTests', ...args], { cwd: root, encoding: 'utf8' });
  return out.stdout.split('\n').filter((l) => l.startsWith('/'));
}

describe("npm test's two jests side by side", () => {
  it('run every test file exactly once between them', () => {
    const all = listed([]);
    const halves = [...firstHalf.flatMap(listed), ...listed(secondHalf)];
    expect(all.length).toBeGreaterThan(250);
    expect(halves.length).toBe(new Set(halves).size);
    expect([...halves].sort()).toEqual([...all].sort());
  }, 60_000);
});
