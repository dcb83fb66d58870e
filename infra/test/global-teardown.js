// Jest runs this after every project; it stops the shared Postgres, NATS and mail sink.
// On 2 cores jest runs the suites in its own process, so one handle a test forgets to close keeps the run
// alive after its summary (CI would wait for ever). Name what is still open, so the leak is seen and fixed,
// and `forceExit` in jest.config.js ends the run.
module.exports = async () => {
  await require('../dist/test-environment.js').teardown();
  const open = process.getActiveResourcesInfo().filter((r) => !['TTYWrap', 'Timeout', 'Immediate'].includes(r));
  if (open.length > 0) {
    const counts = open.reduce((m, r) => m.set(r, (m.get(r) ?? 0) + 1), new Map());
    const children = process._getActiveHandles().filter((h) => h && h.constructor && h.constructor.name === 'ChildProcess').map((c) => `${c.spawnfile} (pid ${c.pid})`);
    console.warn(`[teardown] still open after the tests: ${[...counts].map(([r, n]) => `${r} ×${n}`).join(', ')}${children.length ? `; child processes: ${children.join(', ')}` : ''}`);
  }
};
