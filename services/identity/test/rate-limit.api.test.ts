import { uniqueEmail } from '@midway/testing';
import { asGateway, json, sessionCookieOf, startTestIdentity, type Identity } from './identity-harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity({ RATE_LIMIT_AUTH_PER_MINUTE: '3', RATE_LIMIT_CONTACT_PER_MINUTE: '2' });
});
afterAll(async () => {
  await identity?.stop();
});

const attempt = (email: string, ip: string) =>
  fetch(`${identity.url}/api/login`, json({ email, password: 'wrong-password' }, { 'x-forwarded-for': ip }));

describe('rate limits', () => {
  it('limits sign-in attempts per IP: the 4th within a minute gets 429 with a clear message', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(uniqueEmail(), '203.0.113.10')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const res = await attempt(uniqueEmail(), '203.0.113.10');
    expect(await res.json()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/wait a minute/) });
  });

  it('limits attempts per account even when they come from different IPs', async () => {
    const email = uniqueEmail('target');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(email, `198.51.100.${i + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another account from a fresh IP is unaffected.
    expect((await attempt(uniqueEmail(), '198.51.100.99')).status).toBe(401);
  });

  it('limits Resend of the verification link per account even from different IPs, so nobody floods an inbox', async () => {
    const res = await fetch(`${identity.url}/api/register`, json({ email: uniqueEmail('resend'), password: 'long-enough-1', firstName: 'R', lastName: 'S' }, { 'x-forwarded-for': '192.0.2.200' }));
    expect(res.status).toBe(201);
    const headers = asGateway(sessionCookieOf(res));
    const resend = (ip: string) => fetch(`${identity.url}/api/auth/verify-email/resend`, { method: 'POST', headers: { ...headers, 'x-forwarded-for': ip } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await resend(`192.0.2.${210 + i}`)).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('limits the contact form per IP', async () => {
    const send = () => fetch(`${identity.url}/api/contact`, json({ firstName: 'A', lastName: 'B', email: uniqueEmail(), message: 'hello' }, { 'x-forwarded-for': '192.0.2.7' }));
    expect([(await send()).status, (await send()).status, (await send()).status]).toEqual([200, 200, 429]);
  });
});
