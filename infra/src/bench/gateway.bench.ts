import fs from 'node:fs';
import path from 'node:path';
import { IDENTITY_HEADER, signIdentityToken, verifySessionToken } from '@midway/service-kit';
import type { Platform } from '../platform';
import { load, signUp, table, type LoadResult } from './bench-support';

/** GET /api/auth/user through the gateway vs straight to identity with a forwarded token, side by side. */
export async function benchGateway(platform: Platform, opts: { connections: number; seconds: number }) {
  const { cookie } = await signUp(platform.baseUrl);
  const keys = path.join(platform.dataDir, 'keys');
  const claims = verifySessionToken(decodeURIComponent(cookie.split('=')[1]!), fs.readFileSync(path.join(keys, 'session.pub'), 'utf8'))!;
  const internalKey = fs.readFileSync(path.join(keys, 'internal.key'), 'utf8');
  // The forwarded token lives 60 s; mint a fresh one per run.
  const direct = () => ({ [IDENTITY_HEADER]: signIdentityToken({ userId: claims.userId, email: claims.email, role: claims.role, sessionId: claims.sid }, internalKey) });

  // Warm both paths (JIT, connection pools) before measuring.
  await load('warm-up', `${platform.baseUrl}/api/auth/user`, { cookie }, 10, 2);
  await load('warm-up', `${platform.services.identity}/api/auth/user`, direct(), 10, 2);
  // Three alternating rounds of each (the 2-core machine's other work weighs on both alike); the median
  // round's figures are compared, the p99s against the goal gateway ≤ 1.2× direct.
  const ROUNDS = 3;
  const gw: LoadResult[] = [];
  const id: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    gw.push(await load('through gateway', `${platform.baseUrl}/api/auth/user`, { cookie }, opts.connections, opts.seconds));
    id.push(await load('direct to identity', `${platform.services.identity}/api/auth/user`, direct(), opts.connections, opts.seconds));
  }
  const median = (rs: LoadResult[], k: 'p99' | 'requestsPerSec') => [...rs].sort((x, y) => x[k] - y[k])[Math.floor(rs.length / 2)]![k];
  const rows = [...gw, ...id].map((r, i) => ({ path: r.label, round: (i % ROUNDS) + 1, 'req/s': r.requestsPerSec, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors + r.non2xx }));
  console.log(`\nGET /api/auth/user, ${opts.connections} connections, ${ROUNDS} alternating rounds of ${opts.seconds}s each\n${table(rows)}`);
  const [viaGateway, straight] = [{ p99: median(gw, 'p99'), requestsPerSec: median(gw, 'requestsPerSec') }, { p99: median(id, 'p99'), requestsPerSec: median(id, 'requestsPerSec') }];
  const ratio = viaGateway.requestsPerSec / straight.requestsPerSec;
  const p99Ratio = viaGateway.p99 / straight.p99;
  console.log(`gateway hop p99: ${p99Ratio.toFixed(2)}× direct (median p99 ${viaGateway.p99} ms vs ${straight.p99} ms; goal ≤ 1.2×); throughput ratio ${ratio.toFixed(2)}`);
  return { ratio, p99Ratio, viaGateway, straight };
}
