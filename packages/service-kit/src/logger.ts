import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-midway-identity"]', 'password'], remove: true },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
