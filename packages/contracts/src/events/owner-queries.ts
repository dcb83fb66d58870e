import { z } from 'zod';
import { eventEnvelopeSchema } from './envelope';

/**
 * Questions a read model asks the domain that owns a fact it has not seen yet (core NATS request/reply), so
 * that its 404 means "does not exist" and not "not arrived yet". The subjects lie outside every stream's
 * subjects (`<domain>.>`): a request under `catalog.` would be captured by catalog's stream and answered by
 * its PubAck instead of by catalog.
 */
export const OWNER_QUERY_SUBJECTS = {
  /** A project with its owner and members. */
  'catalog.project': 'query.catalog.project',
  /** An item, with its project (a read model that lacks the item may lack its project too). */
  'catalog.item': 'query.catalog.item',
  /** A completed photo upload: its uploader and the project it belongs to (`logistics.photo.uploaded.v1`). */
  'logistics.photo': 'query.logistics.photo',
  /** A user's name and e-mail (`identity.user.updated.v1`): whom a project's e-mails go to. */
  'identity.user': 'query.identity.user',
} as const;

export type OwnerQueryKind = keyof typeof OWNER_QUERY_SUBJECTS;

/** Replicas of the owner share the questions: one of them answers each. */
export const ownerQueryGroup = (kind: OwnerQueryKind) => `${kind.split('.')[0]}-owner-queries`;

export const ownerQuerySchema = z.object({ id: z.uuid() });

/**
 * The owner's answer: the events its republish command would publish for that id, in the order to apply them
 * (none when it does not exist). The asker applies them through its own idempotent fact handler, so the
 * live events arriving later change nothing, and applies its own access rule afterwards.
 */
export const ownerAnswerSchema = z.object({ events: z.array(eventEnvelopeSchema) });
export type OwnerAnswer = z.infer<typeof ownerAnswerSchema>;
