import type { Logger } from 'pino';
import { HttpError, type Bus } from '@midway/service-kit';
import { IMPORT_ITEMS_SUBJECT, importItemsRequestSchema, type ImportItemsReply } from '@midway/contracts';
import type { ItemService } from '../domain/item.service';

/**
 * Answers another service's import of items (logistics: a purchase order's lines) with the bulk import under the
 * asker's import key, so asking again never creates the items twice. A queue group: one replica answers each.
 */
export function answerItemImports(bus: Bus, logger: Logger, items: ItemService): { stop(): Promise<void> } {
  const underWay = new Set<Promise<void>>();
  const answer = async (msg: { json(): unknown; respond(data: string): boolean }) => {
    let reply: ImportItemsReply;
    try {
      const request = importItemsRequestSchema.parse(msg.json());
      reply = { ok: true, result: await items.bulk(request.caller, request.projectId, request.rows, request.importKey) };
    } catch (err) {
      if (err instanceof HttpError) reply = { ok: false, status: err.status, code: err.code, message: err.message };
      else {
        logger.error({ err }, 'could not import items for another service');
        reply = { ok: false, status: 500, code: 'internal', message: 'The import failed; try again.' };
      }
    }
    msg.respond(JSON.stringify(reply));
  };
  const sub = bus.nc.subscribe(IMPORT_ITEMS_SUBJECT, {
    queue: 'catalog.import-items',
    callback: (err, msg) => {
      if (err) return void logger.warn({ err }, 'item import subscription error');
      const p = answer(msg).finally(() => underWay.delete(p));
      underWay.add(p);
    },
  });
  return {
    async stop() {
      if (!sub.isClosed()) await sub.drain().catch(() => undefined);
      await Promise.all(underWay);
    },
  };
}
