import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const APP_SOURCES = ['shell/src', 'mf-landing/src', 'mf-projects/src', 'mf-items/src', 'mf-billing/src', 'mf-warehouse/src', 'packages/ui/src'];
/** Not in a browser build: the server-side prerender, tests and their helpers, and the facade itself. */
const ALLOWED = new Set(['shell/src/prerender.tsx', 'packages/ui/src/testing.tsx', 'packages/ui/src/preview.tsx', 'packages/ui/src/router.ts']);

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
  );
}

describe('routing imports', () => {
  it('app code takes react-router only through @midway/ui/router, the one shared router module', () => {
    // A remote importing react-router itself would bundle a second router, whose hooks find no <BrowserRouter>.
    const offenders = APP_SOURCES.flatMap(sources)
      .filter((f) => !ALLOWED.has(f))
      .filter((f) => /from ['"]react-router(-dom)?(\/[^'"]*)?['"]/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('finds a direct import when there is one (the check reads the files it should)', () => {
    expect(sources('shell/src')).toContain('shell/src/routed-app.tsx');
    expect(/from ['"]react-router(-dom)?(\/[^'"]*)?['"]/.test(readFileSync(path.join(ROOT, 'shell/src/prerender.tsx'), 'utf8'))).toBe(true);
  });
});
