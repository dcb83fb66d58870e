import { json, startTestIdentity, type Identity } from './identity-harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

const ENDPOINTS = ['/api/login', '/api/register', '/api/contact'];
const MB = 'x'.repeat(1024 * 1024);
const BAD_BODIES: [string, string][] = [
  ['malformed JSON', '{"email": "a@b.c", '],
  ['a JSON array', '[1,2,3]'],
  ['a JSON string', '"hello"'],
  ['null', 'null'],
  ['wrong types', JSON.stringify({ email: 42, password: ['x'], firstName: { a: 1 }, lastName: true, message: 7, phone: 5 })],
  ['1 MB strings', JSON.stringify({ email: `${MB}@x.com`, password: MB, firstName: MB, lastName: MB, message: MB })],
  ['NUL characters', JSON.stringify({ email: 'a\u0000@b.co', password: 'pass\u0000word1', firstName: 'A\u0000', lastName: 'B\u0000', message: 'hi\u0000', phone: '1\u0000' })],
  ['prototype pollution keys', JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } })],
];

describe('bad input never yields a 5xx', () => {
  for (const path of ENDPOINTS) {
    for (const [name, body] of BAD_BODIES) {
      it(`${path} with ${name} → 4xx JSON`, async () => {
        const res = await fetch(`${identity.url}${path}`, json(body));
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        const payload = await res.json();
        expect(payload).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
        expect(JSON.stringify(payload)).not.toMatch(/at .*\.(ts|js):\d+/);
      });
    }
  }

  it('an unknown route answers 404 JSON', async () => {
    const res = await fetch(`${identity.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });
});
