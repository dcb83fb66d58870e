import { z } from 'zod';
import { SYSTEM_ROLES } from '../vocab';

/**
 * Another service asks catalog to import items (NATS request/reply): logistics for a purchase order's lines. The
 * import key (the document's id) makes it happen once: a repeat, a parallel request or a retry after a crash
 * between the two services answers the first result and creates nothing more.
 */
export const IMPORT_ITEMS_SUBJECT = 'command.catalog.import-items';

/**
 * How long catalog remembers an import key (and its answer): a repeat within it answers the first result; past it
 * the key is pruned, so the asker refuses a repeat of an import older than this itself.
 */
export const IMPORT_KEY_RETENTION_DAYS = 30;

export const importItemsRequestSchema = z.object({
  importKey: z.string().min(1).max(100),
  projectId: z.string().uuid(),
  /** The person importing, as the asking service verified them: catalog checks they may edit the project's items. */
  caller: z.object({ userId: z.string().uuid(), email: z.string(), role: z.enum(SYSTEM_ROLES), sessionId: z.string() }),
  /** Rows as POST /api/projects/{id}/items/bulk takes them. */
  rows: z.array(z.unknown()).max(100_000),
});
export type ImportItemsRequest = z.infer<typeof importItemsRequestSchema>;

/** The bulk import's answer ({items, errors, errorDetails}), or the refusal it would have answered over HTTP. */
export const importItemsReplySchema = z.union([
  z.object({ ok: z.literal(true), result: z.object({ items: z.array(z.object({ id: z.string() }).loose()), errors: z.number(), errorDetails: z.array(z.object({ row: z.number() }).loose()) }) }),
  z.object({ ok: z.literal(false), status: z.number().int(), code: z.string(), message: z.string() }),
]);
export type ImportItemsReply = z.infer<typeof importItemsReplySchema>;
