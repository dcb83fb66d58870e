import { randomUUID } from 'node:crypto';
import { signUp, startTestCatalog, startTestGateway, useGateway } from './gateway-harness';

/**
 * Idempotency-Key through the gateway, as the apps send it: the header reaches the service, and four
 * identical submissions at once from a signed-in browser create one project, each answer the same and the
 * replays marked Idempotent-Replayed. Another user's same key is their own.
 */
const t = useGateway();
let catalog: Awaited<ReturnType<typeof startTestCatalog>>;
let gw: Awaited<ReturnType<typeof startTestGateway>>;
beforeAll(async () => {
  catalog = await startTestCatalog();
  gw = await startTestGateway(t.identity.url, { CATALOG_URL: catalog.url });
  await gw.feed.ready;
}, 60_000);
afterAll(async () => {
  await gw?.stop();
  await catalog?.stop();
});

const create = (cookie: string, key: string, name: string) =>
  fetch(`${gw.url}/api/projects`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ name, clientName: 'Jordan Park', location: 'Vancouver, BC' }),
  });
const projectsOf = async (cookie: string) => (await (await fetch(`${gw.url}/api/projects`, { headers: { cookie } })).json()) as { id: string; name: string }[];

it('four identical project submissions at once through the gateway create one project and answer alike', async () => {
  const cookie = await signUp(gw.url);
  const key = randomUUID();
  const name = `Harbour ${key.slice(0, 6)}`;
  const answers = await Promise.all([1, 2, 3, 4].map(() => create(cookie, key, name)));
  const bodies = await Promise.all(answers.map((r) => r.json()));
  expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
  expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
  expect((await projectsOf(cookie)).filter((p) => p.name === name)).toHaveLength(1);

  const changed = await create(cookie, key, `${name} 2`);
  expect(changed.status).toBe(422);
  expect(await changed.json()).toMatchObject({ error: 'idempotency_key_reused' });

  const someoneElse = await signUp(gw.url, { firstName: 'Ben', lastName: 'Okafor' });
  expect((await create(someoneElse, key, name)).headers.get('idempotent-replayed')).toBeNull();
  expect((await projectsOf(someoneElse)).filter((p) => p.name === name)).toHaveLength(1);
});

it('refuses a malformed key with 400 before anything is created', async () => {
  const cookie = await signUp(gw.url);
  const res = await create(cookie, 'x'.repeat(256), 'Never made');
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: 'invalid_idempotency_key' });
  expect(await projectsOf(cookie)).toEqual([]);
});
