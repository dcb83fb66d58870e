/**
 * Every backend service keeps the shape docs/adding-a-service.md describes, so the next service is copied from a
 * true description: its folders and entry files, a short composition root, one access module, consumers one per
 * subject filter, thin routes that parse before the domain decides, writes in the unit of work, and the tests
 * every service owes (its harness, the authorization matrix, bad input, pacts, migrations).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SERVICES = fs.readdirSync(path.join(ROOT, 'services'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const DOC = fs.readFileSync(path.join(ROOT, 'docs', 'adding-a-service.md'), 'utf8');

/** The composition root stays a table of contents: wiring, not logic. */
const MAX_COMPOSITION_ROOT_LINES = 80;
/** The process entry only loads config and starts the service. */
const MAX_MAIN_LINES = 10;

const dir = (name: string, ...p: string[]) => path.join(ROOT, 'services', name, ...p);
const exists = (name: string, p: string) => fs.existsSync(dir(name, p));
const read = (name: string, p: string) => fs.readFileSync(dir(name, p), 'utf8');
const lines = (name: string, p: string) => read(name, p).trimEnd().split('\n').length;
/** Source files (no unit tests) directly in a folder of the service, or [] when it has none. */
const sources = (name: string, folder: string) =>
  exists(name, folder) ? fs.readdirSync(dir(name, folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')) : [];
/** Every source file of the service's src/, recursively, but generated code. */
function allSources(name: string, folder = 'src'): string[] {
  return fs.readdirSync(dir(name, folder), { withFileTypes: true }).flatMap((e) => {
    const rel = `${folder}/${e.name}`;
    if (e.isDirectory()) return e.name === 'generated' ? [] : allSources(name, rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [rel] : [];
  });
}
/** The upstream domains the service's consumers read (`domain: 'x'` of each events/*.consumer.ts). */
const consumedDomains = (name: string) =>
  sources(name, 'src/events').filter((f) => f.endsWith('.consumer.ts')).map((f) => /domain:\s*'([a-z-]+)'/.exec(read(name, `src/events/${f}`))?.[1]);
const publishes = (name: string) => allSources(name).some((f) => /\boutbox\.add\(/.test(read(name, f)));

it('finds the services', () => {
  expect(SERVICES).toEqual(expect.arrayContaining(['billing', 'catalog', 'identity', 'logistics']));
});

describe.each(SERVICES)('services/%s', (name) => {
  it('has the files and folders every service has', () => {
    const required = [
      'package.json',
      'Dockerfile',
      'prisma/schema.prisma',
      'prisma/migrations',
      'src/main.ts',
      'src/index.ts',
      'src/config.ts',
      `src/${name}.app.ts`,
      'src/routes',
      'src/domain',
      'src/data/unit-of-work.ts',
      'src/data/prisma-client.ts',
      'test',
    ];
    expect(required.filter((p) => !exists(name, p))).toEqual([]);
    expect(sources(name, 'src/routes').filter((f) => f.endsWith('.routes.ts')).length).toBeGreaterThan(0);
    expect(sources(name, 'src/data').filter((f) => f.endsWith('.repository.ts')).length).toBeGreaterThan(0);
  });

  it('has a short composition root and a process entry that only starts it', () => {
    expect([`src/${name}.app.ts`, lines(name, `src/${name}.app.ts`)]).toEqual([`src/${name}.app.ts`, expect.any(Number)]);
    expect(lines(name, `src/${name}.app.ts`)).toBeLessThanOrEqual(MAX_COMPOSITION_ROOT_LINES);
    expect(lines(name, 'src/main.ts')).toBeLessThanOrEqual(MAX_MAIN_LINES);
    expect(read(name, 'src/main.ts')).toMatch(/runMain\(/);
    expect(read(name, 'src/index.ts')).toMatch(new RegExp(`export const ${name}Service = \\{ name: '${name}', envSchema: \\w+, start: \\w+ \\}`));
  });

  it('decides who may do what in one domain module, src/domain/*-access.ts', () => {
    expect(sources(name, 'src/domain').filter((f) => f.endsWith('-access.ts'))).toEqual([expect.stringMatching(/-access\.ts$/)]);
  });

  it('has thin routes: the contract is parsed before the domain is called, and no route decides by role', () => {
    for (const f of sources(name, 'src/routes')) {
      const src = read(name, `src/routes/${f}`);
      // A placeholder instead of the parsed body means the route checked the caller first.
      expect([f, /as never|as unknown as/.test(src)]).toEqual([f, false]);
      expect([f, /\.role\b|midway_admin/.test(src)]).toEqual([f, false]);
    }
  });

  it('reads an upload’s body only through the kit’s readBody (it makes the bytes part of an Idempotency-Key’s fingerprint)', () => {
    // A route reading the request stream itself would let the same key on another file replay the first file's answer.
    const ownReading = /for await \(const \w+ of req\b|\breq\.pipe\(|\breq\.(on|once)\(['"](data|readable|end)['"]/;
    expect(sources(name, 'src/routes').filter((f) => ownReading.test(read(name, `src/routes/${f}`)))).toEqual([]);
  });

  it('writes only through the unit of work (uow.run), never through its reads', () => {
    const write = /\.read\.\w+\.(create|insert|update|upsert|delete|remove|set|record|replace|mark|revoke|retire|consume|complete|claim|add)\w*\(/;
    expect(allSources(name).filter((f) => write.test(read(name, f)))).toEqual([]);
  });

  it('starts one durable consumer per upstream subject filter, one per events/*.consumer.ts', () => {
    const files = sources(name, 'src/events');
    expect(files.filter((f) => !f.endsWith('.consumer.ts'))).toEqual([]);
    const seen = files.map((f) => {
      const src = read(name, `src/events/${f}`);
      expect([f, src.match(/startConsumer\(/g)?.length ?? 0]).toEqual([f, 1]);
      // Each named as a literal, or as a constant of the file (`durable: DURABLE`).
      const literal = (key: string) => {
        const m = new RegExp(`${key}:\\s*(?:'([^']+)'|([A-Z_]+))`).exec(src);
        return m?.[1] ?? (m?.[2] ? new RegExp(`const ${m[2]} = '([^']+)'`).exec(src)?.[1] : undefined);
      };
      const filter = literal('filterSubject');
      const durable = literal('durable');
      expect([f, filter, durable]).toEqual([f, expect.any(String), expect.stringMatching(new RegExp(`^${name}-`))]);
      return { filter, durable };
    });
    expect(new Set(seen.map((s) => s.filter)).size).toBe(seen.length);
    expect(new Set(seen.map((s) => s.durable)).size).toBe(seen.length);
  });

  it('has the tests every service owes', () => {
    const required = [
      `test/${name}-harness.ts`,
      'test/authorization-matrix.api.test.ts',
      'test/bad-input.api.test.ts',
      'test/pact.provider.test.ts',
      'test/migrations.test.ts',
      ...(publishes(name) ? ['test/message-pacts.provider.test.ts'] : []),
    ];
    expect(required.filter((p) => !exists(name, p))).toEqual([]);
    // The matrix runs through the one shared helper, and a route without a row fails it.
    expect(read(name, 'test/authorization-matrix.api.test.ts')).toMatch(/describeAuthorizationMatrix\(/);
    expect(read(name, 'test/authorization-matrix.api.test.ts')).toMatch(/expectEveryRouteHasARow\(/);
  });

  it('has a message pact for every upstream domain it consumes', () => {
    const missing = consumedDomains(name).filter((d) => !fs.existsSync(path.join(ROOT, 'pacts', `${name}-${d}-events.json`)));
    expect(missing).toEqual([]);
  });
});

it('docs/adding-a-service.md names every file this test requires', () => {
  for (const named of ['main.ts', 'index.ts', 'config.ts', '<name>.app.ts', 'routes/', 'domain/', '-access.ts', 'data/', 'events/', 'prisma/', '<name>-harness.ts', 'authorization-matrix.api.test.ts', 'bad-input.api.test.ts', 'pact.provider.test.ts', 'migrations.test.ts', 'message-pacts.provider.test.ts', 'infra/test/service-layout.test.ts']) {
    expect([named, DOC.includes(named)]).toEqual([named, true]);
  }
});
