import { uniqueEmail } from '@midway/testing';
import { asGateway, json, sessionCookieOf, startTestIdentity, watchEvents, type Identity } from './identity-harness';

/**
 * Settings: a user changes their own name, company and phone. The next current-user read shows it, and the other
 * services hear of it by `identity.user.updated.v1` (invitations and Bill To show the name and company).
 */
let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity.stop();
});

async function signUp() {
  const email = uniqueEmail('profile');
  const res = await fetch(`${identity.url}/api/register`, json({ email, password: 'long-enough-1', firstName: 'Dana', lastName: 'Ng' }));
  expect(res.status).toBe(201);
  return { email: email.toLowerCase(), headers: asGateway(sessionCookieOf(res)) };
}
const put = (headers: Record<string, string>, body: unknown) => fetch(`${identity.url}/api/user/profile`, { ...json(body, headers), method: 'PUT' });

it('changes the name, company and phone; the current user shows them and an event carries name and company', async () => {
  const { email, headers } = await signUp();
  const events = await watchEvents('identity.user.updated.v1');
  try {
    const res = await put(headers, { firstName: '  Dana ', lastName: 'Ng-Ellis', company: 'Studio North', phone: '+1 (604) 555-0101' });
    expect(res.status).toBe(200);
    const changed = { email, firstName: 'Dana', lastName: 'Ng-Ellis', company: 'Studio North', phone: '+1 (604) 555-0101', systemRole: 'designer', emailVerified: false };
    expect(await res.json()).toEqual({ id: expect.any(String), ...changed });
    const me = await fetch(`${identity.url}/api/auth/user`, { headers });
    expect(await me.json()).toEqual({ id: expect.any(String), ...changed, secondFactor: 'off' });
    const event = await events.waitFor((e) => (e.data as { email: string }).email === email);
    expect(event.data).toEqual(expect.objectContaining({ firstName: 'Dana', lastName: 'Ng-Ellis', company: 'Studio North' }));
  } finally {
    await events.close();
  }
});

it('clears the company and phone with empty values', async () => {
  const { headers } = await signUp();
  await put(headers, { firstName: 'Dana', lastName: 'Ng', company: 'Studio North', phone: '604 555 0101' });
  const res = await put(headers, { firstName: 'Dana', lastName: 'Ng', company: '', phone: '   ' });
  expect(await res.json()).toEqual(expect.objectContaining({ company: null, phone: null }));
});

it.each([
  ['a missing first name', { lastName: 'Ng' }, 'firstName'],
  ['a blank last name', { firstName: 'Dana', lastName: '  ' }, 'lastName'],
  ['a NUL in the company', { firstName: 'Dana', lastName: 'Ng', company: 'Studio\u0000North' }, 'company'],
  ['a company of 201 characters', { firstName: 'Dana', lastName: 'Ng', company: 'x'.repeat(201) }, 'company'],
  ['letters in the phone', { firstName: 'Dana', lastName: 'Ng', phone: 'call me maybe' }, 'phone'],
  ['a number for the company', { firstName: 'Dana', lastName: 'Ng', company: 42 }, 'company'],
])('refuses %s with a 400 naming the field, and changes nothing', async (_what, body, field) => {
  const { headers } = await signUp();
  const res = await put(headers, body);
  expect(res.status).toBe(400);
  expect(JSON.stringify(await res.json())).toContain(field);
  const me = await (await fetch(`${identity.url}/api/auth/user`, { headers })).json();
  expect(me).toEqual(expect.objectContaining({ firstName: 'Dana', lastName: 'Ng' }));
});
