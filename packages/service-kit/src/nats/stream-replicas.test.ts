import type { JetStreamManager } from '@nats-io/jetstream';
import { ensureStream } from './connection';
import { DEAD_LETTER_STREAM, ensureDeadLetterStream } from './dead-letter';

/** A JetStream manager that records what it is asked; `existing` are the streams it already has, by name. */
function recordingJsm(existing: Record<string, { num_replicas: number }> = {}) {
  const calls: { op: 'add' | 'update'; name: string; num_replicas?: number }[] = [];
  const jsm = {
    streams: {
      info: async (name: string) => {
        if (!existing[name]) throw new Error('stream not found');
        return { config: { name, ...existing[name] } };
      },
      add: async (config: { name: string; num_replicas?: number }) => void calls.push({ op: 'add', name: config.name, num_replicas: config.num_replicas }),
      update: async (name: string, config: { num_replicas?: number }) => void calls.push({ op: 'update', name, num_replicas: config.num_replicas }),
    },
  } as unknown as JetStreamManager;
  return { jsm, calls };
}

describe('streams kept by as many servers as NATS_STREAM_REPLICAS says', () => {
  it("creates a service's stream with that many replicas, and moves an existing one to it", async () => {
    const fresh = recordingJsm();
    await ensureStream(fresh.jsm, 'catalog', 3);
    expect(fresh.calls).toEqual([{ op: 'add', name: 'CATALOG', num_replicas: 3 }]);

    const existing = recordingJsm({ CATALOG: { num_replicas: 1 } });
    await ensureStream(existing.jsm, 'catalog', 3);
    expect(existing.calls).toEqual([{ op: 'update', name: 'CATALOG', num_replicas: 3 }]);
  });

  it('keeps one copy on a single server when nothing is said', async () => {
    const { jsm, calls } = recordingJsm();
    await ensureStream(jsm, 'billing');
    await ensureDeadLetterStream(jsm);
    expect(calls.map((c) => c.num_replicas)).toEqual([1, 1]);
  });

  it('creates the dead letters with that many replicas, and raises an existing stream only when the count differs', async () => {
    const fresh = recordingJsm();
    await ensureDeadLetterStream(fresh.jsm, 3);
    expect(fresh.calls).toEqual([{ op: 'add', name: DEAD_LETTER_STREAM, num_replicas: 3 }]);

    const raised = recordingJsm({ [DEAD_LETTER_STREAM]: { num_replicas: 1 } });
    await ensureDeadLetterStream(raised.jsm, 3);
    expect(raised.calls).toEqual([{ op: 'update', name: DEAD_LETTER_STREAM, num_replicas: 3 }]);

    const same = recordingJsm({ [DEAD_LETTER_STREAM]: { num_replicas: 3 } });
    await ensureDeadLetterStream(same.jsm, 3);
    expect(same.calls).toEqual([]);
  });
});
