import { randomUUID } from 'node:crypto';
import { freePort, startMailSink, type RunningMailSink } from '@midway/infra';
import { announceUser, readMail, type SunkMail } from '@midway/testing';
import { actor, eventually, usePlatform } from './logistics-harness';

/**
 * A delivery's e-mails survive an SMTP outage: logistics sends to a port where no mail server listens yet, the
 * out and completed e-mails fail and wait, the server comes up, and the sweep sends each exactly once to each
 * of the project's people. Logistics' clock is the test's (Wednesday 3 June 2026), so the retry's wait passes
 * when the test says so.
 */
let now = new Date('2026-06-03T08:00:00.000Z');
let smtpPort = 0;
let sink: RunningMailSink | undefined;
const t = usePlatform({
  clock: () => new Date(now),
  logisticsEnv: async () => {
    smtpPort = await freePort();
    return { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
  },
});
afterAll(async () => sink?.stop());

const TASK = 'unsent delivery e-mails';
const FRIDAY = '2026-06-05';
const admin = actor('midway_admin');
const ada = actor();
const member = actor();
const clientEmail = `client.${randomUUID().slice(0, 8)}@example.com`;

interface NoticeRow {
  kind: string;
  attempts: number;
  sent: boolean;
  waiting: boolean;
}
/**
 * The delivery's recorded e-mails: how often each was tried, whether it went out, and whether it waits for its first
 * retry (30 s after it was recorded: the clock stands still meanwhile) rather than being held by a sender.
 */
const notices = (deliveryId: string) =>
  t.logisticsService.db.$queryRaw<NoticeRow[]>`SELECT kind, attempts, sent_at IS NOT NULL AS sent, next_attempt_at - created_at = interval '30 seconds' AS waiting
    FROM delivery_notices WHERE delivery_id = ${deliveryId}::uuid ORDER BY kind`;

/** Each recipient's number of e-mails of the subject about the item, in what the sink caught. */
const countsOf = (mail: SunkMail[], subject: string, itemName: string) =>
  [ada.email, member.email, clientEmail].map((address) => mail.filter((m) => m.subject.startsWith(subject) && m.text.includes(itemName) && m.to.some((x) => x.address.toLowerCase() === address.toLowerCase())).length);
const sweepTwiceAtOnce = () => Promise.all([t.logisticsService.housekeeping.runNow(TASK), t.logisticsService.housekeeping.runNow(TASK)]);

it('keeps the out and completed e-mails through SMTP outages and sends each once to every recipient when the server is back', async () => {
  await Promise.all([announceUser(ada, 'Ada', 'Lovelace'), announceUser(member, 'Mia', 'Member')]);
  const loft = await t.project(ada, { name: `Harbour Loft ${randomUUID().slice(0, 4)}`, location: '12 Harbour St', clientEmail });
  await t.inviteAndAccept(ada, loft.id, member, 'member');
  await eventually(() => t.logisticsService.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE id IN (${ada.userId}::uuid, ${member.userId}::uuid)`, (r) => r[0]!.n === 2, 30_000);
  // At the warehouse: scanned onto the truck before it goes out.
  const table = await t.heldItem(ada, loft.id, admin, { name: `Oak table ${randomUUID().slice(0, 6)}` });
  const d = (await t.logistics.post(`/api/projects/${loft.id}/deliveries`, ada, { date: FRIDAY, itemIds: [table.id] })).body as { id: string };
  const run = await t.logistics.post('/api/delivery-runs', admin, { date: FRIDAY, deliveryIds: [d.id] });
  expect(run.status).toBe(201);
  await t.loadRun(admin, run.body.id);

  // No mail server yet: the move succeeds, its e-mail is tried once, fails, and waits for its retry.
  expect((await t.logistics.post(`/api/deliveries/${d.id}/out`, admin, {})).status).toBe(200);
  await eventually(() => notices(d.id), (n) => n.length === 1 && n[0]!.attempts === 1 && n[0]!.waiting, 10_000);
  // Not due yet: the sweep leaves it waiting.
  await t.logisticsService.housekeeping.runNow(TASK);
  expect(await notices(d.id)).toEqual([{ kind: 'out', attempts: 1, sent: false, waiting: true }]);

  // The server comes up where logistics sends; once the wait has passed, two sweeps at once send the e-mail once.
  sink = await startMailSink({ smtpPort, webPort: await freePort() });
  now = new Date(now.getTime() + 60_000);
  await sweepTwiceAtOnce();
  expect((await notices(d.id)).map((n) => n.sent)).toEqual([true]);
  expect(countsOf(await readMail(sink.webUrl), 'Out for delivery', table.name)).toEqual([1, 1, 1]);

  // Down again for the completion: its e-mail waits the same way, and goes out once when the server is back.
  await sink.stop();
  sink = undefined;
  now = new Date('2026-06-05T15:00:00.000Z');
  expect((await t.logistics.post(`/api/deliveries/${d.id}/complete`, admin, { receivedBy: 'J. Ellis' })).status).toBe(200);
  await eventually(() => notices(d.id), (n) => n.find((x) => x.kind === 'completed')?.attempts === 1 && n.find((x) => x.kind === 'completed')!.waiting, 10_000);
  sink = await startMailSink({ smtpPort, webPort: await freePort() });
  now = new Date(now.getTime() + 60_000);
  await sweepTwiceAtOnce();
  // Later sweeps find nothing left to send.
  now = new Date(now.getTime() + 24 * 3600_000);
  await t.logisticsService.housekeeping.runNow(TASK);
  expect((await notices(d.id)).map((n) => [n.kind, n.sent])).toEqual([['completed', true], ['out', true]]);
  const mail = await readMail(sink.webUrl);
  expect(countsOf(mail, 'Delivered', table.name)).toEqual([1, 1, 1]);
  expect(mail).toHaveLength(1);
  expect(mail[0]!.text).toContain('received by J. Ellis');
}, 90_000);
