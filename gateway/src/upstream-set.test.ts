import type { Dispatcher } from 'undici';
import { ReplicaDownError, UpstreamSet, type InFlight, type Replica } from './upstream-set';

const policy = { intervalMs: 1000, timeoutMs: 1000, failuresToDown: 2 };

/** A set over fake replicas whose probe answers what `alive` says for each URL. */
function setOf(urls: string[]) {
  const alive = new Map(urls.map((u) => [u, true]));
  const changes: string[] = [];
  const set = new UpstreamSet('catalog', urls, {
    dispatcher: () => ({}) as Dispatcher,
    probe: async (replica) => alive.get(replica.url)!,
    policy,
    onChange: (replica, why) => changes.push(`${replica.url} ${replica.up ? 'up' : 'down'}: ${why}`),
  });
  const replica = (url: string) => set.replicas.find((r) => r.url === url)!;
  const picks = (n: number) => Array.from({ length: n }, () => set.pick()?.url);
  return { set, alive, changes, replica, picks };
}

const refusal = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('UpstreamSet', () => {
  it('takes the replicas in turn', () => {
    const { picks } = setOf(['a', 'b', 'c']);
    expect(picks(6)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('skips a replica whose connection was refused until it answers a probe again', async () => {
    const { set, alive, replica, picks, changes } = setOf(['a', 'b']);
    alive.set('a', false);
    set.refused(replica('a'), refusal);
    expect(picks(4)).toEqual(['b', 'b', 'b', 'b']);
    await set.probeAll();
    expect(picks(2)).toEqual(['b', 'b']);
    alive.set('a', true);
    await set.probeAll();
    expect(new Set(picks(4))).toEqual(new Set(['a', 'b']));
    expect(changes).toEqual(['a down: connection failed: connect ECONNREFUSED', 'a up: answered its health probe']);
  });

  it('picks another replica than the one a retried request failed on, and none when that one is the only one up', () => {
    const { set, replica } = setOf(['a', 'b']);
    expect(set.pick(replica('a'))?.url).toBe('b');
    expect(set.pick(replica('a'))?.url).toBe('b');
    set.refused(replica('b'), refusal);
    expect(set.pick(replica('a'))).toBeUndefined();
  });

  it('keeps a lone URL in after a refusal: the next request tries it again (the probe still takes a hung one out)', async () => {
    const { set, alive, replica } = setOf(['a']);
    set.refused(replica('a'), refusal);
    expect(set.pick()?.url).toBe('a');
    alive.set('a', false);
    await set.probeAll();
    await set.probeAll();
    expect(set.pick()).toBeUndefined();
  });

  it('has no replica to offer when every one is down', () => {
    const { set, replica } = setOf(['a', 'b']);
    set.refused(replica('a'), refusal);
    set.refused(replica('b'), refusal);
    expect(set.pick()).toBeUndefined();
  });

  it('takes a replica out only after failuresToDown probes in a row fail, and gives up on its requests then', async () => {
    const { set, alive, replica, changes } = setOf(['a', 'b']);
    const given: Error[] = [];
    const request: InFlight = { giveUp: (reason) => given.push(reason) };
    replica('a').inFlight.add(request);

    alive.set('a', false);
    await set.probeAll();
    expect(replica('a').up).toBe(true); // one late answer is not a hung process
    expect(given).toEqual([]);
    alive.set('a', true);
    await set.probeAll();
    alive.set('a', false);
    await set.probeAll(); // a failure, a success, a failure: never two in a row
    expect(replica('a').up).toBe(true);

    await set.probeAll();
    expect(replica('a').up).toBe(false);
    expect(given).toHaveLength(1);
    expect(given[0]).toBeInstanceOf(ReplicaDownError);
    expect(replica('b').up).toBe(true);
    expect(changes).toEqual(['a down: no answer to 2 health probes in a row']);
  });

  it('keeps in a busy replica that answers requests while its probes time out, and takes it out once it stops answering', async () => {
    let answerDuringProbe = true;
    let set!: UpstreamSet;
    set = new UpstreamSet('catalog', ['a', 'b'], {
      dispatcher: () => ({}) as Dispatcher,
      // Each probe of 'a' times out; meanwhile 'a' streams an answer to a request, or (once hung) does not.
      probe: async (replica) => {
        if (replica.url === 'b') return true;
        if (answerDuringProbe) set.answered(replica);
        return false;
      },
      policy,
    });
    const a = set.replicas.find((r) => r.url === 'a')!;
    for (let i = 0; i < 5; i++) await set.probeAll();
    expect(a.up).toBe(true);
    answerDuringProbe = false;
    // Its last answer must be older than the next probe's start (same millisecond counts as during it).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await set.probeAll();
    await set.probeAll();
    expect(a.up).toBe(false);
  });

  it('does not count an answer from before a probe started as a sign of life', async () => {
    const { set, alive, replica } = setOf(['a', 'b']);
    set.answered(replica('a'), Date.now() - 5_000);
    alive.set('a', false);
    await set.probeAll();
    await set.probeAll();
    expect(replica('a').up).toBe(false);
  });

  it('counts a probe that throws (refused, timed out) as a failure', async () => {
    const set = new UpstreamSet('catalog', ['a'], { dispatcher: () => ({}) as Dispatcher, probe: () => Promise.reject(new Error('timeout')), policy });
    await set.probeAll();
    await set.probeAll();
    expect(set.replicas[0]!.up).toBe(false);
  });

  it('probes a replica once at a time: a probe still waiting on a hung replica is not stacked on', async () => {
    let started = 0;
    let answer: (alive: boolean) => void = () => undefined;
    const set = new UpstreamSet('catalog', ['a'], {
      dispatcher: () => ({}) as Dispatcher,
      probe: () => {
        started++;
        return new Promise<boolean>((r) => (answer = r));
      },
      policy,
    });
    const first = set.probeAll();
    void set.probeAll();
    expect(started).toBe(1);
    answer(true);
    await first;
    void set.probeAll();
    expect(started).toBe(2);
  });

  it('changes nothing once closed', async () => {
    const { set, alive, replica } = setOf(['a']);
    await set.close();
    alive.set('a', false);
    await set.probeAll();
    await set.probeAll();
    expect((replica('a') as Replica).up).toBe(true);
  });

  it('refuses to be built without a replica', () => {
    expect(() => new UpstreamSet('catalog', [], { dispatcher: () => ({}) as Dispatcher, probe: async () => true })).toThrow(/no replica URL/);
  });
});
