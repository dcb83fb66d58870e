import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-context';

export type { Logger };

/** A child logger that already names its request (req.log, a consumer's): the mixin adds nothing to it. */
const boundToRequest = (logger: Logger) => String((logger as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym] ?? '').includes('"reqId":');

export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      name: service,
      level,
      base: { service },
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-midway-identity"]', 'password'], remove: true },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Every line written while a request (or an event it caused) is handled names that request.
      mixin: (merge, _level, logger) => {
        const reqId = currentRequestId();
        return reqId && !('reqId' in merge) && !boundToRequest(logger as Logger) ? { reqId } : {};
      },
    },
    destination,
  );
}
