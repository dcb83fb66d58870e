import { Client } from 'pg';
import { readMail } from '@midway/infra';
import { testEnv } from '@midway/infra';
import { json, startTestIdentity, type Identity } from './identity-harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to the provider through the SMTP sink', async () => {
    const marker = `Need storage for 14 pieces ${Date.now()}`;
    const res = await fetch(`${identity.url}/api/contact`, json({ firstName: 'Maya', lastName: 'Chen', email: 'maya@studio.test', phone: '604-555-0101', message: marker }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: expect.stringContaining('Thank you') });

    const db = new Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT first_name, email, phone, message FROM identity.contact_messages WHERE message = $1', [marker]);
      expect(rows).toEqual([{ first_name: 'Maya', email: 'maya@studio.test', phone: '604-555-0101', message: marker }]);
    } finally {
      await db.end();
    }

    const deadline = Date.now() + 10_000;
    let mail;
    while (!mail && Date.now() < deadline) {
      mail = (await readMail(testEnv().mailUrl)).find((m) => m.text?.includes(marker));
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('New contact message from Maya Chen');
    expect(mail!.to[0]!.address).toBe('provider@midway.test');
    expect(mail!.text).toContain('604-555-0101');
  });

  it('requires first name, last name, a valid e-mail and a message; phone is optional', async () => {
    const res = await fetch(`${identity.url}/api/contact`, json({ firstName: ' ', email: 'not-an-email', message: '' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'firstName', 'lastName', 'message']);
    const ok = await fetch(`${identity.url}/api/contact`, json({ firstName: 'A', lastName: 'B', email: 'a@b.co', message: 'hi' }));
    expect(ok.status).toBe(200);
  });
});
