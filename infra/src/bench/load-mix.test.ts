import { countError, LOAD_MIX, LOAD_ROUTES, memorySettled, mixCycle, routeFigures, rssGrowth, vmRssKb, type RouteSamples } from './load-mix';

describe('the load run’s mix', () => {
  it('asks each route as often as its weight, spread through the cycle', () => {
    const cycle = mixCycle({ a: 5, b: 3, c: 2 });
    expect(cycle).toHaveLength(10);
    expect(cycle.filter((r) => r === 'a')).toHaveLength(5);
    expect(cycle.filter((r) => r === 'b')).toHaveLength(3);
    expect(cycle.filter((r) => r === 'c')).toHaveLength(2);
    // Spread, not in runs: the heaviest route never comes three times in a row.
    expect(cycle.join('')).not.toContain('aaa');
    expect(mixCycle({ a: 5, b: 3, c: 2 })).toEqual(cycle);
  });

  it('covers every route of the load run, and leaves out a route weighted zero', () => {
    expect(new Set(mixCycle(LOAD_MIX))).toEqual(new Set(LOAD_ROUTES));
    expect(mixCycle({ a: 1, b: 0 })).toEqual(['a']);
    expect(() => mixCycle({ a: 1.5 })).toThrow('whole numbers');
  });

  it('reports per route the requests, errors and percentiles of the successful answers', () => {
    const dashboardSamples: RouteSamples = { latencies: Array.from({ length: 100 }, (_, i) => 100 - i), errors: 0 };
    for (const kind of [503, 'ECONNRESET', 503]) countError(dashboardSamples, kind);
    const samples = new Map([
      ['dashboard', dashboardSamples],
      ['search', { latencies: [], errors: 0 }],
    ]);
    const [dashboard, search] = routeFigures(samples);
    expect(dashboard).toEqual({ route: 'dashboard', requests: 103, errors: 3, p50: 50, p99: 99, errorKinds: '503 ×2, ECONNRESET ×1' });
    expect(search!.errorKinds).toBe('');
    expect(search!.requests).toBe(0);
    expect(search!.p50).toBeNaN();
  });
});

describe('process memory', () => {
  it('reads VmRSS from /proc/<pid>/status', () => {
    expect(vmRssKb('Name:\tnode\nVmPeak:\t 1200 kB\nVmRSS:\t   84512 kB\nRssAnon:\t 60000 kB\n')).toBe(84512);
    expect(vmRssKb('Name:\tkthreadd\nState:\tS (sleeping)\n')).toBeNull();
  });

  it('gives each process’s growth from before to after, unknown where either is missing', () => {
    expect(rssGrowth({ gateway: 100_000, catalog: 200_000, gone: 50_000 }, { gateway: 120_000, catalog: 190_000, gone: null })).toEqual([
      { process: 'gateway', beforeKb: 100_000, afterKb: 120_000, growth: expect.closeTo(0.2, 10) },
      { process: 'catalog', beforeKb: 200_000, afterKb: 190_000, growth: expect.closeTo(-0.05, 10) },
      { process: 'gone', beforeKb: 50_000, afterKb: null, growth: null },
    ]);
  });

  it('calls memory settled once no process grew more than 5% over a round; a process gone or unread does not hold it back', () => {
    expect(memorySettled({ gateway: 100_000, catalog: 200_000 }, { gateway: 104_000, catalog: 150_000 })).toBe(true);
    expect(memorySettled({ gateway: 100_000, catalog: 200_000 }, { gateway: 106_000, catalog: 200_000 })).toBe(false);
    expect(memorySettled({ gateway: 100_000, catalog: null }, { gateway: 100_000, catalog: 300_000 })).toBe(true);
  });
});
