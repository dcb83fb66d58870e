import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';

export interface RunningService {
  server: Server;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Serves an express app, or any request listener, on host:port (0: a free port). */
export function listen(handler: RequestListener, port: number, host = '127.0.0.1'): Promise<{ server: Server; port: number; url: string }> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler).listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const actual = (server.address() as AddressInfo).port;
      // Behind the gateway's keep-alive pool: outlive its idle timeout so a reused socket is never cut mid-request.
      server.keepAliveTimeout = 65_000;
      resolve({ server, port: actual, url: `http://${host}:${actual}` });
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections?.();
    setTimeout(() => server.closeAllConnections?.(), 5000).unref();
  });
}

/**
 * Runs a service's composition root and stops it cleanly on SIGTERM/SIGINT: stop taking requests,
 * finish in-flight work, close consumers, the relay, NATS and the database, then exit.
 */
export function runMain(name: string, logger: Logger, start: () => Promise<{ stop(): Promise<void>; url: string }>): void {
  let stopping = false;
  start().then(
    (svc) => {
      logger.info({ url: svc.url }, `${name} listening`);
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, `${name} shutting down`);
        const force = setTimeout(() => {
          logger.error('shutdown took longer than 10 s; exiting');
          process.exit(1);
        }, 10_000);
        force.unref();
        svc.stop().then(
          () => process.exit(0),
          (err) => {
            logger.error({ err }, 'error during shutdown');
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
    },
    (err) => {
      // Config errors carry their own readable message; print it without a stack.
      if (err?.name === 'ConfigError' || err?.constructor?.name === 'ConfigError') console.error(`${name}: ${err.message}`);
      else logger.fatal({ err }, `${name} failed to start`);
      process.exit(1);
    },
  );
}
