import type { Dispatcher } from 'undici';
import { ReplicaDownError, UpstreamSet, type InFlight, type OutlierPolicy, type ProbeResult, type Replica } from './upstream-set';

const policy: OutlierPolicy = { intervalMs: 1000, probeTimeoutMs: 5000, requestTimeoutMs: 3000, consecutiveFailures: 3, giveUpAfterMs: 9000, baseEjectionMs: 1000, maxEjectionMs: 30_000 };

/**
 * A set over fake replicas on a clock the test moves, whose probes answer what `probes` says for each URL at
 * once, or (`hang`) never: a probe of a hung process waits out its 5 s, longer than these tests' checks.
 */
function setOf(urls: string[]) {
  let clock = 1_000_000;
  const probes = new Map<string, ProbeResult | 'hang'>(urls.map((u) => [u, 'answered']));
  const changes: string[] = [];
  const set = new UpstreamSet('catalog', urls, {
    dispatcher: () => ({}) as Dispatcher,
    probe: (replica) => {
      const result = probes.get(replica.url)!;
      return result === 'hang' ? new Promise<ProbeResult>(() => undefined) : Promise.resolve(result);
    },
    policy,
    now: () => clock,
    onChange: (replica, why) => changes.push(`${replica.url} ${replica.up ? 'up' : 'down'}: ${why}`),
  });
  const replica = (url: string) => set.replicas.find((r) => r.url === url)!;
  const picks = (n: number) => Array.from({ length: n }, () => set.pick()?.url);
  /** A request sent to `url` now, recording whether the set gave up on it. */
  const send = (url: string) => {
    const given: Error[] = [];
    const request: InFlight & { given: Error[] } = { sentAt: clock, giveUp: (reason) => given.push(reason), given };
    replica(url).inFlight.add(request);
    return request;
  };
  /** The clock moves on and the set's timer fires: it checks, and probes (a hung probe is left waiting). */
  const tick = async (ms = policy.intervalMs) => {
    clock += ms;
    void set.probeAll();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { set, probes, changes, replica, picks, send, tick, now: () => clock };
}

const refusal = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('UpstreamSet', () => {
  it('takes the replicas in turn', () => {
    const { picks } = setOf(['a', 'b', 'c']);
    expect(picks(6)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('takes a replica out after three refused connections in a row, not one: an answer in between starts the count again', () => {
    const { set, replica, changes } = setOf(['a', 'b']);
    set.refused(replica('a'), refusal);
    set.refused(replica('a'), refusal);
    set.answered(replica('a'));
    set.refused(replica('a'), refusal);
    set.refused(replica('a'), refusal);
    expect(replica('a').up).toBe(true);
    set.refused(replica('a'), refusal);
    expect(replica('a').up).toBe(false);
    expect(changes).toEqual(['a down: 3 failures in a row, the last: connection failed: connect ECONNREFUSED']);
  });

  it('keeps an ejected replica out for its ejection time, then takes it back at the first probe it answers', async () => {
    const { set, probes, replica, picks, tick, changes } = setOf(['a', 'b']);
    probes.set('a', 'refused');
    for (let i = 0; i < 3; i++) set.refused(replica('a'), refusal);
    expect(picks(4)).toEqual(['b', 'b', 'b', 'b']);
    probes.set('a', 'answered');
    await tick(500); // answers, but its base ejection time (1 s) has not passed
    expect(replica('a').up).toBe(false);
    await tick(600);
    expect(replica('a').up).toBe(true);
    expect(new Set(picks(4))).toEqual(new Set(['a', 'b']));
    expect(changes.at(-1)).toBe('a up: answered its health probe');
  });

  it('keeps a replica that fails again soon after coming back out longer each time, and forgives after a quiet stretch', async () => {
    const { set, replica, tick } = setOf(['a', 'b']);
    const ejectAndTimeBack = async () => {
      for (let i = 0; i < 3; i++) set.refused(replica('a'), refusal);
      let waited = 0;
      while (!replica('a').up) {
        await tick(100);
        waited += 100;
      }
      return waited;
    };
    expect(await ejectAndTimeBack()).toBe(1000);
    expect(await ejectAndTimeBack()).toBe(2000);
    expect(await ejectAndTimeBack()).toBe(3000);
    await tick(policy.maxEjectionMs + 1);
    expect(await ejectAndTimeBack()).toBe(1000);
  });

  it('picks another replica than the one a retried request failed on, and none when that one is the only one up', () => {
    const { set, replica } = setOf(['a', 'b']);
    expect(set.pick(replica('a'))?.url).toBe('b');
    expect(set.pick(replica('a'))?.url).toBe('b');
    for (let i = 0; i < 3; i++) set.refused(replica('b'), refusal);
    expect(set.pick(replica('a'))).toBeUndefined();
  });

  it('has no replica to offer when every one was refusing', () => {
    const { set, replica } = setOf(['a', 'b']);
    for (let i = 0; i < 3; i++) set.refused(replica('a'), refusal);
    for (let i = 0; i < 3; i++) set.refused(replica('b'), refusal);
    expect(set.pick()).toBeUndefined();
  });

  it('keeps a lone URL in however often it refuses: the next request tries it again', () => {
    const { set, replica } = setOf(['a']);
    for (let i = 0; i < 10; i++) set.refused(replica('a'), refusal);
    expect(set.pick()?.url).toBe('a');
  });

  it('takes out a hung replica (it accepts connections and answers nothing) once three requests waited 3 s in silence, and answers its requests 503 after 9 s', async () => {
    const { probes, replica, send, tick, changes } = setOf(['a', 'b']);
    probes.set('a', 'hang');
    const requests = [send('a'), send('a'), send('a')];
    await tick(1000);
    await tick(1000);
    expect(replica('a').up).toBe(true); // 2 s of silence is not yet a hang
    await tick(1000);
    expect(replica('a').up).toBe(false);
    expect(replica('b').up).toBe(true);
    expect(changes).toEqual(['a down: 3 failures in a row, the last: no answer to a request for 3 s']);
    // Taken out, it gets no new request; the ones it holds may still be answered, until 9 s of silence.
    for (let i = 0; i < 5; i++) await tick(1000);
    for (const r of requests) expect(r.given).toEqual([]);
    await tick(1000);
    for (const r of requests) expect(r.given).toEqual([expect.any(ReplicaDownError)]);
  });

  it('keeps in a saturated replica whose requests wait long and whose probes time out, as long as it answers anything', async () => {
    const { set, probes, replica, send, tick } = setOf(['a', 'b']);
    probes.set('a', 'timeout');
    const slow = [send('a'), send('a'), send('a'), send('a')];
    for (let i = 0; i < 20; i++) {
      await tick(1000);
      set.answered(replica('a')); // some other request's answer, every second
    }
    expect(replica('a').up).toBe(true);
    for (const r of slow) expect(r.given).toEqual([]);
  });

  it('lets a long request on a replica that answers its probes run for as long as it takes', async () => {
    const { replica, send, tick } = setOf(['a', 'b']);
    const importing = send('a');
    for (let i = 0; i < 60; i++) await tick(1000);
    expect(replica('a').up).toBe(true);
    expect(importing.given).toEqual([]);
  });

  it('does not count an answer from before a silence as a sign of life during it', async () => {
    const { set, probes, replica, send, tick } = setOf(['a', 'b']);
    set.answered(replica('a'));
    probes.set('a', 'timeout');
    await tick(2000);
    for (let i = 0; i < 3; i++) send('a');
    await tick(3000);
    expect(replica('a').up).toBe(false);
  });

  it('counts one silent request as one failure, however many checks it waits through', async () => {
    const { probes, replica, send, tick } = setOf(['a', 'b']);
    probes.set('a', 'hang');
    const only = send('a');
    for (let i = 0; i < 8; i++) await tick(1000);
    expect(replica('a').up).toBe(true);
    expect(only.given).toEqual([]);
    send('a');
    send('a');
    await tick(3000);
    expect(replica('a').up).toBe(false);
  });

  it('takes out a replica whose probes cannot connect three times in a row while another is up', async () => {
    const { probes, replica, tick } = setOf(['a', 'b']);
    probes.set('a', 'refused');
    await tick();
    await tick();
    expect(replica('a').up).toBe(true);
    await tick();
    expect(replica('a').up).toBe(false);
  });

  it('never takes out the last replica that is up on probes alone', async () => {
    const { set, probes, replica, tick } = setOf(['a', 'b']);
    for (let i = 0; i < 3; i++) set.refused(replica('b'), refusal);
    probes.set('b', 'refused');
    probes.set('a', 'timeout');
    for (let i = 0; i < 10; i++) await tick(5000);
    expect(replica('a').up).toBe(true);
    expect(set.pick()?.url).toBe('a');
  });

  it('keeps a lone replica in however long its requests wait: with no other replica, silence says nothing about it', async () => {
    const { probes, replica, send, tick } = setOf(['a']);
    probes.set('a', 'hang');
    const held = [send('a'), send('a'), send('a'), send('a')];
    for (let i = 0; i < 30; i++) await tick(1000);
    expect(replica('a').up).toBe(true);
    for (const r of held) expect(r.given).toEqual([]);
  });

  it('keeps every replica in while all of them are silent: a saturated machine or database, not a hung replica', async () => {
    const { probes, replica, send, tick } = setOf(['a', 'b']);
    probes.set('a', 'hang');
    probes.set('b', 'hang');
    const held = [send('a'), send('a'), send('a'), send('b'), send('b'), send('b')];
    for (let i = 0; i < 30; i++) await tick(1000);
    expect([replica('a').up, replica('b').up]).toEqual([true, true]);
    for (const r of held) expect(r.given).toEqual([]);
  });

  it('does not count a probe that timed out while every other replica was silent too', async () => {
    const { probes, replica, tick } = setOf(['a', 'b', 'c']);
    for (const url of ['a', 'b', 'c']) probes.set(url, 'timeout');
    for (let i = 0; i < 10; i++) await tick(5000);
    expect([replica('a').up, replica('b').up, replica('c').up]).toEqual([true, true, true]);
  });

  it('probes a replica once at a time: a probe still waiting on a hung replica is not stacked on', async () => {
    let started = 0;
    let answer: (result: ProbeResult) => void = () => undefined;
    const set = new UpstreamSet('catalog', ['a'], {
      dispatcher: () => ({}) as Dispatcher,
      probe: () => {
        started++;
        return new Promise<ProbeResult>((r) => (answer = r));
      },
      policy,
    });
    const first = set.probeAll();
    void set.probeAll();
    expect(started).toBe(1);
    answer('answered');
    await first;
    void set.probeAll();
    expect(started).toBe(2);
  });

  it('changes nothing once closed', async () => {
    const { set, probes, replica, tick } = setOf(['a', 'b']);
    await set.close();
    probes.set('a', 'refused');
    for (let i = 0; i < 5; i++) await tick();
    expect((replica('a') as Replica).up).toBe(true);
  });

  it('refuses to be built without a replica', () => {
    expect(() => new UpstreamSet('catalog', [], { dispatcher: () => ({}) as Dispatcher, probe: async () => 'answered' })).toThrow(/no replica URL/);
  });
});
