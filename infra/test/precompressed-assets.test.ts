import fs from 'node:fs';
import path from 'node:path';

/**
 * Every script, style and page the gateway serves from a front-end build has its brotli and gzip files beside it
 * (the gateway sends those by Accept-Encoding and never compresses static files per request). The public pages built
 * outside the federation config (the client link, pay by link) once shipped their 340–380 KB scripts uncompressed.
 */
const REPO = path.resolve(__dirname, '../..');
const FRONT_ENDS = ['shell', 'mf-landing', 'mf-projects', 'mf-items', 'mf-billing', 'mf-warehouse'];
// Below this a file may not shrink by the plugin's 10 % minimum and is left as it is.
const SMALL = 4096;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesOf(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe.each(FRONT_ENDS)('%s build', (frontEnd) => {
  const dist = path.join(REPO, frontEnd, 'dist');

  it('has a brotli and a gzip file beside every script, style and page it serves', () => {
    expect([fs.existsSync(dist) ? 'built' : `${frontEnd}/dist is missing: run npm run build`]).toEqual(['built']);
    const files = new Set(filesOf(dist));
    // dist/server holds the prerender scripts the gateway runs, never sends.
    const served = [...files].filter((f) => /\.(js|css|html)$/.test(f) && !path.relative(dist, f).startsWith(`server${path.sep}`) && fs.statSync(f).size > SMALL);
    expect(served.length).toBeGreaterThan(0);
    const missing = served.filter((f) => !files.has(`${f}.br`) || !files.has(`${f}.gz`)).map((f) => path.relative(REPO, f));
    expect(missing).toEqual([]);
  });
});
