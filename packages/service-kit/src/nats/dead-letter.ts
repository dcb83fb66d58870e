import { RetentionPolicy, StorageType, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { headers, nanos } from '@nats-io/transport-node';
import type { Logger } from 'pino';

/** One stream for every service's dead letters: `dead-letter.<service>.<durable>`. */
export const DEAD_LETTER_STREAM = 'DEAD_LETTERS';
export const deadLetterSubject = (service: string, durable: string) => `dead-letter.${service}.${durable}`;

/**
 * Dead letters are kept 30 days. A replay publishes the event on its original subject again, so every
 * consumer of that subject sees it a second time; their inboxes (kept 35 days, see INBOX_RETENTION_MS)
 * outlive any dead letter, so the ones that had applied it skip it.
 */
const DEAD_LETTER_MAX_AGE_MS = 30 * 24 * 3600_000;

/** Headers of a dead letter; the original message's own headers follow as `Midway-Original-<name>`. */
export const DL = {
  subject: 'Midway-Dead-Subject',
  stream: 'Midway-Dead-Stream',
  streamSeq: 'Midway-Dead-Stream-Seq',
  durable: 'Midway-Dead-Durable',
  deliveries: 'Midway-Dead-Deliveries',
  error: 'Midway-Dead-Error',
  at: 'Midway-Dead-At',
  originalPrefix: 'Midway-Original-',
} as const;

/** The dead letters' stream, kept by `replicas` servers like the services' own streams. */
export async function ensureDeadLetterStream(jsm: JetStreamManager, replicas = 1): Promise<void> {
  const config = {
    name: DEAD_LETTER_STREAM,
    subjects: ['dead-letter.>'],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    duplicate_window: nanos(10 * 60 * 1000),
    max_age: nanos(DEAD_LETTER_MAX_AGE_MS),
    num_replicas: replicas,
  };
  try {
    const info = await jsm.streams.info(DEAD_LETTER_STREAM);
    // Raised (or lowered) after the stream was made: the cluster moves it to the new count.
    if (info.config.num_replicas !== replicas) await jsm.streams.update(DEAD_LETTER_STREAM, { ...info.config, num_replicas: replicas });
  } catch (err) {
    if (!/not found/i.test(String((err as Error)?.message))) throw err;
    await jsm.streams.add(config).catch((addErr: Error) => {
      if (!/already in use|exists/i.test(addErr.message)) throw addErr;
    });
  }
}

/** Header values are one line; errors can be anything. */
const headerValue = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 1000);

/** Copies a message that cannot be processed to the dead letters, with where it came from and why. */
export async function deadLetter(
  js: JetStreamClient,
  o: { subject: string; message: JsMsg; stream: string; durable: string; error: string },
): Promise<void> {
  const m = o.message;
  const h = headers();
  h.set(DL.subject, m.subject);
  h.set(DL.stream, o.stream);
  h.set(DL.streamSeq, String(m.seq));
  h.set(DL.durable, o.durable);
  h.set(DL.deliveries, String(m.info.deliveryCount));
  h.set(DL.error, headerValue(o.error) || 'unknown');
  h.set(DL.at, new Date().toISOString());
  for (const [k, values] of m.headers ?? []) for (const v of values) h.append(`${DL.originalPrefix}${k}`, v);
  // Keyed by the consumer and the stream position: writing it twice (a retry) keeps one copy.
  await js.publish(o.subject, m.data, { headers: h, msgID: `${o.durable}:${m.seq}` });
}

export interface DeadLetterInfo {
  seq: number;
  subject: string;
  originalSubject: string;
  durable: string;
  error: string;
  eventId: string | null;
  deadAt: string;
}

/** Lists the dead letters of a service (optionally one durable), oldest first. */
export async function listDeadLetters(jsm: JetStreamManager, service: string, durable?: string): Promise<(DeadLetterInfo & { data: Uint8Array; headers: [string, string[]][] })[]> {
  const filter = durable ? deadLetterSubject(service, durable) : `dead-letter.${service}.`;
  const info = await jsm.streams.info(DEAD_LETTER_STREAM).catch(() => null);
  if (!info || info.state.messages === 0) return [];
  const out = [];
  // A dead-letter stream is small; read it by sequence and keep this service's (nats-server 2.9 has no
  // "next message for subject" request).
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const sm = await jsm.streams.getMessage(DEAD_LETTER_STREAM, { seq }).catch(() => null);
    if (!sm) continue;
    if (durable ? sm.subject !== filter : !sm.subject.startsWith(filter)) continue;
    const h = sm.header;
    let eventId: string | null = null;
    try {
      eventId = (JSON.parse(new TextDecoder().decode(sm.data)) as { id?: string }).id ?? null;
    } catch {
      /* a malformed event has no id */
    }
    out.push({
      seq,
      subject: sm.subject,
      originalSubject: h?.get(DL.subject) ?? '',
      durable: h?.get(DL.durable) ?? '',
      error: h?.get(DL.error) ?? '',
      deadAt: h?.get(DL.at) ?? '',
      eventId,
      data: sm.data,
      headers: h ? [...h].map(([k, v]) => [k, v] as [string, string[]]) : [],
    });
  }
  return out;
}

/**
 * Publishes a service's dead letters again on their original subjects, then removes them from the
 * dead-letter stream. The message id is new (`<event id>:replay:<dead-letter seq>`): the original id may
 * still be inside JetStream's duplicate window, which would drop the replay. Consumers' inboxes make a
 * second delivery to a consumer that had applied the event harmless; re-running after a crash half-way
 * republishes at most the letters not yet removed, which the duplicate window or the inboxes absorb.
 */
export async function replayDeadLetters(
  js: JetStreamClient,
  jsm: JetStreamManager,
  o: { service: string; durable?: string; logger?: Logger; dryRun?: boolean },
): Promise<DeadLetterInfo[]> {
  const letters = await listDeadLetters(jsm, o.service, o.durable);
  const replayed: DeadLetterInfo[] = [];
  for (const { data, headers: hs, ...letter } of letters) {
    if (!letter.originalSubject) continue;
    if (!o.dryRun) {
      const h = headers();
      for (const [k, values] of hs) {
        if (!k.startsWith(DL.originalPrefix)) continue;
        const name = k.slice(DL.originalPrefix.length);
        if (name.toLowerCase() === 'nats-msg-id') continue;
        for (const v of values) h.append(name, v);
      }
      await js.publish(letter.originalSubject, data, { headers: h, msgID: `${letter.eventId ?? 'malformed'}:replay:${letter.seq}` });
      await jsm.streams.deleteMessage(DEAD_LETTER_STREAM, letter.seq, false);
    }
    o.logger?.info({ ...letter, dryRun: !!o.dryRun }, 'dead letter replayed');
    replayed.push(letter);
  }
  return replayed;
}
