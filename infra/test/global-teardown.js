// Jest runs this after every project; it stops the shared Postgres, NATS and mail sink.
// On 2 cores jest runs the suites in its own process, so one handle a test forgets to close keeps the run
// alive after its summary (CI would wait for ever). Name what is still open, so the leak is seen and fixed,
// and `forceExit` in jest.config.js ends the run.
module.exports = async () => {
  await require('../dist/test-environment.js').teardown();
  // Handles of a stopped child close on the loop's next turns; look after they have.
  await new Promise((r) => setTimeout(r, 100));
  const own = new Set([process.stdin, process.stdout, process.stderr]);
  const open = process._getActiveHandles().filter((h) => !own.has(h) && !(h && h.constructor && h.constructor.name === 'Timeout'));
  if (open.length > 0) {
    const describe = (h) => {
      const kind = (h && h.constructor && h.constructor.name) || typeof h;
      if (kind === 'ChildProcess') return `child process ${h.spawnfile} ${(h.spawnargs || []).slice(1, 3).join(' ')} (pid ${h.pid})`;
      if (kind === 'Socket' && h.remotePort) return `socket to ${h.remoteAddress}:${h.remotePort}`;
      if (kind === 'Server' && h.address && h.address()) return `server on port ${h.address().port}`;
      return kind;
    };
    console.warn(`[teardown] still open after the tests: ${open.map(describe).join(', ')}`);
  }
};
