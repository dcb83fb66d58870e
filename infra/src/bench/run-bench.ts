/** `npm run bench`: every benchmark in one run, printed side by side. Not a test: it measures, it does not judge. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '../platform';
import { benchGateway } from './gateway.bench';
import { benchOutbox } from './outbox.bench';
import { benchCatalog } from './catalog.bench';
import { benchAdminDashboard } from './admin-dashboard.bench';
import { benchFrontend } from './frontend.bench';
import { benchBilling } from './billing.bench';
import { benchItems } from './items.bench';
import { benchLighthouse } from './lighthouse.bench';
import { benchReceiving } from './receiving.bench';
import { benchDeliveries } from './deliveries.bench';
import { benchPurchaseOrders } from './purchase-orders.bench';
import { benchCustody } from './custody.bench';
import { benchLoad } from './load.bench';
import { settle, signUp } from './bench-support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_ONLY=catalog,frontend runs just those parts (for iterating on one figure); unset runs all. */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const wanted = (part: string) => ONLY.length === 0 || ONLY.includes(part);
/** Every part but the load run shares one platform; the load run starts its own (one replica, then two). */
const PARTS = ['frontend', 'lighthouse', 'items', 'gateway', 'outbox', 'catalog', 'admin-dashboard', 'receiving', 'deliveries', 'custody', 'purchase-orders', 'billing'];

async function main() {
  console.log(`Midway benchmarks — ${os.cpus().length} cores, node ${process.version}`);
  if (PARTS.some(wanted)) await benchOnePlatform();
  if (wanted('load')) {
    await benchLoad({
      connections: Number(process.env.BENCH_CONNECTIONS ?? 200),
      seconds: Number(process.env.BENCH_SECONDS ?? 60),
      users: Number(process.env.BENCH_LOAD_USERS ?? 50),
      projects: 2,
      items: Number(process.env.BENCH_LOAD_ITEMS ?? 100),
    }).catch((err) => {
      console.error('\nload benchmark failed:', err);
      process.exitCode = 1;
    });
  }
}

async function benchOnePlatform() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'midway-bench-'));
  if (process.getuid?.() === 0) fs.chmodSync(dataDir, 0o755);
  console.log(`data in ${dataDir}`);
  const started = Date.now();
  const platform = await startPlatform({ dataDir, port: 0, serviceEnv: { LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_PER_MINUTE: '0' }, log: (l) => console.log(l) });
  console.log(`platform up in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  try {
    // The page loads first, on a quiet platform: right after a load test the services are still busy.
    if (wanted('frontend')) await benchFrontend(platform.baseUrl, (await signUp(platform.baseUrl)).cookie);
    if (wanted('lighthouse')) await benchLighthouse(platform);
    if (wanted('items')) await benchItems(platform, { rows: Number(process.env.BENCH_BULK_ROWS ?? 10_000), connections: CONNECTIONS, seconds: SECONDS });
    // The load tests below measure the services, not what the parts above left them to do.
    const settled = () => settle(platform.databaseUrl, platform.natsUrl);
    if (wanted('gateway')) await settled();
    if (wanted('gateway')) await benchGateway(platform, { connections: CONNECTIONS, seconds: SECONDS });
    if (wanted('outbox')) await benchOutbox(platform.databaseUrl, platform.natsUrl, Number(process.env.BENCH_OUTBOX_EVENTS ?? 1000));
    if (wanted('catalog')) await settled();
    if (wanted('catalog')) await benchCatalog(platform, {
      items: Number(process.env.BENCH_ITEMS ?? 100_000),
      connections: CONNECTIONS,
      seconds: SECONDS,
      bulkRows: Number(process.env.BENCH_BULK_ROWS ?? 10_000),
    });
    if (wanted('admin-dashboard')) await settled();
    if (wanted('admin-dashboard')) await benchAdminDashboard(platform, { projects: Number(process.env.BENCH_ADMIN_PROJECTS ?? 10_000), itemsPerProject: 10, calls: 50 });
    if (wanted('receiving')) await settled();
    if (wanted('receiving')) await benchReceiving(platform, { items: Number(process.env.BENCH_ITEMS ?? 100_000), requests: Number(process.env.BENCH_SCANS ?? 1_000) });
    if (wanted('deliveries')) await settled();
    if (wanted('deliveries')) await benchDeliveries(platform, { deliveries: Number(process.env.BENCH_DELIVERIES ?? 500), requests: Number(process.env.BENCH_RUN_PROPOSALS ?? 200) });
    if (wanted('custody')) await settled();
    if (wanted('custody')) await benchCustody(platform, { items: Number(process.env.BENCH_ITEMS ?? 100_000), scans: Number(process.env.BENCH_SCANS ?? 1_000), pickLists: 50, counts: 5 });
    if (wanted('purchase-orders')) await benchPurchaseOrders(platform, { lines: Number(process.env.BENCH_PO_LINES ?? 500), rounds: 5 });
    if (wanted('billing')) await settled();
    if (wanted('billing')) await benchBilling(platform, { items: Number(process.env.BENCH_BILLING_ITEMS ?? 100_000), projects: Number(process.env.BENCH_BILLING_PROJECTS ?? 1_000), rounds: 3 });
  } catch (err) {
    console.error('\nbenchmark failed:', err);
    process.exitCode = 1;
  } finally {
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// A part that failed set process.exitCode: exiting 0 here hid it.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
