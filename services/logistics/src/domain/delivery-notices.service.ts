import type { Logger } from 'pino';
import type { UnitOfWork } from '../data/unit-of-work';
import type { DeliveryLetter } from '../mail/delivery.mailer';
import { PHOTO_LINK_KEY_NAME, photoLinkExpiry, signedPhotoPath } from './photo-link';
import { photoKeyOf } from '@midway/contracts';

export interface DeliveryLetterSender {
  send(letter: DeliveryLetter): Promise<void>;
  close(): void;
}

/**
 * The e-mails a delivery sends when it goes out and when it is completed: to the project's owner and members and
 * to its client's address when the project has one, with the proof photos as signed links that open without a
 * session for 7 days (the damage report's links: the same key and route). Sent after the change commits.
 */
export class DeliveryNotices {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly deps: { mailer: DeliveryLetterSender; publicUrl: string; logger: Logger },
  ) {}

  dispatch(deliveryId: string, kind: 'out' | 'completed'): void {
    const p = this.deliver(deliveryId, kind)
      .catch((err) => this.deps.logger.warn({ err, deliveryId, kind }, 'delivery e-mail not sent'))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  async deliver(deliveryId: string, kind: 'out' | 'completed'): Promise<void> {
    const r = this.uow.read;
    const delivery = await r.deliveries.view(deliveryId);
    if (!delivery) return;
    const [people, project] = await Promise.all([r.users.projectPeople(delivery.projectId), r.access.project(delivery.projectId)]);
    const to = [...new Set([...people.map((p) => p.email), ...(project?.clientEmail ? [project.clientEmail] : [])].map((e) => e.toLowerCase()))];
    if (!to.length) return;
    const keys = kind === 'completed' ? delivery.photoUrls.map((u) => photoKeyOf(u)).filter((k): k is string => !!k) : [];
    const until = keys.length && delivery.completedAt ? photoLinkExpiry(new Date(delivery.completedAt)) : null;
    const secret = keys.length ? await this.uow.run((w) => w.signingKeys.getOrCreate(PHOTO_LINK_KEY_NAME)) : null;
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    await this.deps.mailer.send({
      to,
      kind,
      projectName: delivery.projectName,
      date: delivery.date,
      window: delivery.window,
      address: delivery.address,
      items: delivery.items.map((i) => ({ name: i.name, exception: i.exception })),
      receivedBy: delivery.receivedBy,
      photoLinks: secret && until ? keys.map((k) => `${base}${signedPhotoPath(secret, k, until)}`) : [],
      linksUntil: until,
    });
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    this.deps.mailer.close();
  }
}
