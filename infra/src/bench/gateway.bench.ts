import fs from 'node:fs';
import path from 'node:path';
import { IDENTITY_HEADER, signIdentityToken, verifySessionToken } from '@midway/service-kit';
import type { Platform } from '../platform';
import { load, signUp, table } from './bench-support';

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
  const viaGateway = await load('through gateway', `${platform.baseUrl}/api/auth/user`, { cookie }, opts.connections, opts.seconds);
  const straight = await load('direct to identity', `${platform.services.identity}/api/auth/user`, direct(), opts.connections, opts.seconds);
  const rows = [viaGateway, straight].map((r) => ({ path: r.label, 'req/s': r.requestsPerSec, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors + r.non2xx }));
  console.log(`\nGET /api/auth/user, ${opts.connections} connections, ${opts.seconds}s each\n${table(rows)}`);
  const ratio = viaGateway.requestsPerSec / straight.requestsPerSec;
  console.log(`gateway/direct throughput ratio: ${ratio.toFixed(2)}  (p99 ${viaGateway.p99} ms vs ${straight.p99} ms)`);
  return { ratio, viaGateway, straight };
}
