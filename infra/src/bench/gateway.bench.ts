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

  // Warm both paths at full load (JIT, connection pools) before measuring: a first round run cold was the
  // slowest of its run, on the gateway more than on identity.
  await load('warm-up', `${platform.baseUrl}/api/auth/user`, { cookie }, opts.connections, 3);
  await load('warm-up', `${platform.services.identity}/api/auth/user`, direct(), opts.connections, 3);
  // Alternating pairs of rounds, each pair's order swapped from the last. The 2-core machine's speed drifts
  // by a third within a run (direct rounds of one run: 1,240–1,750 req/s), so each gateway round is set
  // against the direct round next to it, and the median of those pairs' p99 ratios is the figure.
  const PAIRS = 6;
  const seconds = Math.max(1, Math.round(opts.seconds / 2));
  const gw: LoadResult[] = [];
  const id: LoadResult[] = [];
  const viaGatewayRound = () => load('through gateway', `${platform.baseUrl}/api/auth/user`, { cookie }, opts.connections, seconds);
  const directRound = () => load('direct to identity', `${platform.services.identity}/api/auth/user`, direct(), opts.connections, seconds);
  for (let pair = 0; pair < PAIRS; pair++) {
    if (pair % 2 === 0) {
      gw.push(await viaGatewayRound());
      id.push(await directRound());
    } else {
      id.push(await directRound());
      gw.push(await viaGatewayRound());
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const rows = gw.flatMap((g, i) => [g, id[i]!].map((r) => ({ pair: i + 1, path: r.label, 'req/s': r.requestsPerSec, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors + r.non2xx, 'p99 gateway/direct': r === g ? (g.p99 / id[i]!.p99).toFixed(2) : '' })));
  console.log(`\nGET /api/auth/user, ${opts.connections} connections, ${PAIRS} pairs of ${seconds}s rounds\n${table(rows)}`);
  const p99Ratio = median(gw.map((g, i) => g.p99 / id[i]!.p99));
  const ratio = median(gw.map((g, i) => g.requestsPerSec / id[i]!.requestsPerSec));
  const viaGateway = { p99: median(gw.map((r) => r.p99)), requestsPerSec: median(gw.map((r) => r.requestsPerSec)) };
  const straight = { p99: median(id.map((r) => r.p99)), requestsPerSec: median(id.map((r) => r.requestsPerSec)) };
  console.log(`gateway hop p99: ${p99Ratio.toFixed(2)}× direct (median of ${PAIRS} pairs; median p99 ${viaGateway.p99} ms vs ${straight.p99} ms; goal ≤ 1.2×); throughput ratio ${ratio.toFixed(2)}`);
  return { ratio, p99Ratio, viaGateway, straight };
}
