import { Client } from 'pg';
import { readMail, readMailSource, testEnv } from '@midway/testing';
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

    // The run's shared mail sink holds every test's mail by now, and reading it all takes a while.
    const deadline = Date.now() + 45_000;
    let mail;
    while (!mail && Date.now() < deadline) {
      mail = (await readMail(testEnv().mailUrl)).find((m) => m.text?.includes(marker));
      if (!mail) await new Promise((r) => setTimeout(r, 200));
    }
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('New contact message from Maya Chen');
    expect(mail!.to[0]!.address).toBe('provider@midway.test');
    expect(mail!.text).toContain('604-555-0101');
    // Staff reply to the visitor, not to the no-reply sender.
    expect(await readMailSource(testEnv().mailUrl, mail!.id)).toMatch(/^Reply-To: Maya Chen <maya@studio\.test>\r?$/m);
  }, 60_000);

  it('works through a backlog: a new message is sent even with more pending than one batch', async () => {
    const db = new Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    try {
      await db.query(`INSERT INTO identity.contact_messages (id, first_name, last_name, email, message) SELECT gen_random_uuid(), 'Old', 'Backlog', 'old@example.com', 'backlog ' || g FROM generate_series(1, 45) g`);
    } finally {
      await db.end();
    }
    const marker = `After the backlog ${Date.now()}`;
    expect((await fetch(`${identity.url}/api/contact`, json({ firstName: 'New', lastName: 'Lead', email: 'new@lead.test', message: marker }))).status).toBe(200);
    // 46 messages through SMTP into a sink that by now holds the whole run's mail: a wait, not a latency check.
    const deadline = Date.now() + 45_000;
    let found = false;
    while (!found && Date.now() < deadline) {
      found = (await readMail(testEnv().mailUrl)).some((m) => m.text?.includes(marker));
      if (!found) await new Promise((r) => setTimeout(r, 500));
    }
    expect(found).toBe(true);
  }, 60_000);

  it('requires first name, last name, a valid e-mail and a message; phone is optional', async () => {
    const res = await fetch(`${identity.url}/api/contact`, json({ firstName: ' ', email: 'not-an-email', message: '' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'firstName', 'lastName', 'message']);
    const ok = await fetch(`${identity.url}/api/contact`, json({ firstName: 'A', lastName: 'B', email: 'a@b.co', message: 'hi' }));
    expect(ok.status).toBe(200);
  });
});
