import { Writable } from 'node:stream';
import { Client } from 'pg';
import pino from 'pino';
import { testEnv } from '@midway/testing';
import { startGateway } from '../src';
import { gatewayConfig, standInService, startTestIdentity, startTestGateway, json, uniqueEmail, useGateway } from './gateway-harness';

/** A stand-in service that answers the forwarding headers it was given. */
const echoUpstream = () => standInService((req) => ({ forwardedFor: req.headers['x-forwarded-for'] ?? null, forwardedProto: req.headers['x-forwarded-proto'] ?? null }));

// Sign-in limited to 3 a minute per IP, so a spoofed X-Forwarded-For that worked would show.
const t = useGateway({ identity: { RATE_LIMIT_AUTH_PER_MINUTE: '3' }, standIns: { CATALOG_URL: echoUpstream } });

describe('X-Forwarded-For: the gateway states the caller, a client cannot', () => {
  it('overwrites what the client sent with the address it saw', async () => {
    const res = await fetch(`${t.gateway.url}/api/shared/projects/abc`, { headers: { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' } });
    expect(await res.json()).toEqual({ forwardedFor: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/), forwardedProto: 'http' });
  });

  it('a client rotating X-Forwarded-For still hits the per-IP sign-in limit', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${t.gateway.url}/api/login`, json({ email: uniqueEmail(), password: 'wrong-password' }, { 'x-forwarded-for': `203.0.113.${i + 1}` }));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("records the caller's real address in the session audit, not the claimed one", async () => {
    // Another identity without limits: the test above spent this address's sign-in allowance.
    const open = await startTestIdentity();
    const gw = await startTestGateway(open.url);
    const db = new Client({ connectionString: testEnv().databaseUrl });
    try {
      const res = await fetch(`${gw.url}/api/register`, json({ email: uniqueEmail(), password: 'long-enough-1', firstName: 'Ip', lastName: 'Audit' }, { 'x-forwarded-for': '1.2.3.4' }));
      expect(res.status).toBe(201);
      const { id } = await res.json();
      await db.connect();
      const { rows } = await db.query(`SELECT sess->>'ip' AS ip FROM identity.sessions WHERE user_id = $1`, [id]);
      expect(rows).toEqual([{ ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/) }]);
    } finally {
      await db.end();
      await gw.stop();
      await open.stop();
    }
  });

  it('behind a configured load balancer, believes that one hop', async () => {
    const behindLb = await startTestGateway(t.identity.url, { CATALOG_URL: t.standIn('CATALOG_URL').url, TRUST_PROXY_HOPS: '1' });
    try {
      const res = await fetch(`${behindLb.url}/api/shared/projects/abc`, { headers: { 'x-forwarded-for': '9.9.9.9, 1.2.3.4', 'x-forwarded-proto': 'https' } });
      expect(await res.json()).toEqual({ forwardedFor: '1.2.3.4', forwardedProto: 'https' });
    } finally {
      await behindLb.stop();
    }
  });
});

describe('HSTS: one policy, set by the gateway', () => {
  it('is absent from /api answers over plain http, through the gateway and from a service directly', async () => {
    const through = await fetch(`${t.gateway.url}/api/login`);
    expect(through.status).toBe(200);
    expect(through.headers.get('strict-transport-security')).toBeNull();
    const direct = await fetch(`${t.identity.url}/api/login`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${t.gateway.url}/`, { headers: { accept: 'text/html' } })).headers.get('strict-transport-security')).toBeNull();
  });

  it('is set once by the gateway when the browser reached it over https (through a trusted load balancer)', async () => {
    const behindLb = await startTestGateway(t.identity.url, { TRUST_PROXY_HOPS: '1' });
    try {
      const res = await fetch(`${behindLb.url}/api/login`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await behindLb.stop();
    }
  });
});

describe('access logs', () => {
  it('never contain a share token (API call or client page)', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startGateway(gatewayConfig(t.identity.url, { CATALOG_URL: t.standIn('CATALOG_URL').url }), pino({ level: 'info' }, sink), 0);
    const token = `tok${Date.now().toString(36)}secret`;
    try {
      expect((await fetch(`${logged.url}/api/shared/projects/${token}?x=1`)).status).toBe(200);
      await fetch(`${logged.url}/client/${token}`);
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await logged.stop();
    }
    const requests = lines.filter((l) => l.includes('"req"'));
    expect(requests.some((l) => l.includes('/api/shared/projects/[redacted]'))).toBe(true);
    expect(requests.some((l) => l.includes('/client/[redacted]'))).toBe(true);
    expect(lines.join('\n')).not.toContain(token);
  });
});
