import type { Logger } from 'pino';
import type { UnitOfWork } from '../data/unit-of-work';
import type { DeliveryNoticeKind } from '../data/delivery-notice.repository';
import type { DeliveryLetter } from '../mail/delivery.mailer';
import { DELIVERY_MAIL_CLAIM_MS, deliveryMailRetryDelayMs } from './delivery-mail-retry';
import type { Clock } from './inspection-due';
import { PHOTO_LINK_KEY_NAME, photoLinkExpiry, signedPhotoPath } from './photo-link';
import { photoKeyOf } from '@midway/contracts';
import { learnProjectPeople, noCatchUp, type CatchUp } from '@midway/service-kit';

export interface DeliveryLetterSender {
  send(letter: DeliveryLetter): Promise<void>;
  close(): void;
}

/** How often the sweep looks for delivery e-mails due to be tried again. */
export const DELIVERY_MAIL_SWEEP_MS = 30_000;

/**
 * The e-mails a delivery sends when it goes out and when it is completed: to the project's owner and members and
 * to its client's address when the project has one, with the proof photos as signed links that open without a
 * session for 7 days (the damage report's links: the same key and route). The change that calls for one records
 * it (delivery_notices) in its own transaction; it is sent right after the commit, and one the SMTP server did not
 * accept is tried again by the sweep (domain/delivery-mail-retry) until it is, so an SMTP outage loses none. A
 * claim on the notice keeps the sender after the commit and the sweep (or two replicas) from both sending it.
 */
export class DeliveryNotices {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly deps: { mailer: DeliveryLetterSender; publicUrl: string; clock: Clock; logger: Logger; catchUp?: CatchUp },
  ) {}

  /** Tries the notice now, in the background (the staff's answer does not wait for SMTP). */
  dispatch(deliveryId: string, kind: DeliveryNoticeKind): void {
    const p = this.deliver(deliveryId, kind)
      .catch((err) => this.deps.logger.warn({ err, deliveryId, kind }, 'delivery e-mail not sent; the sweep retries it'))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Sends the notice once when it is unsent and due: true when this call sent (or settled) it. */
  async deliver(deliveryId: string, kind: DeliveryNoticeKind): Promise<boolean> {
    const at = this.deps.clock();
    const attempt = await this.uow.run((r) => r.notices.claim(deliveryId, kind, at, new Date(at.getTime() + DELIVERY_MAIL_CLAIM_MS)));
    if (attempt === null) return false;
    try {
      const letter = await this.letter(deliveryId, kind);
      if (letter) await this.deps.mailer.send(letter);
      await this.uow.run((r) => r.notices.markSent(deliveryId, kind, this.deps.clock()));
      return true;
    } catch (err) {
      await this.uow.run((r) => r.notices.retryAt(deliveryId, kind, new Date(this.deps.clock().getTime() + deliveryMailRetryDelayMs(attempt))));
      throw err;
    }
  }

  /** Tries again every notice that is due. */
  async sweep(): Promise<void> {
    for (const n of await this.uow.read.notices.due(this.deps.clock())) {
      await this.deliver(n.deliveryId, n.kind).catch((err) => this.deps.logger.warn({ err, ...n }, 'delivery e-mail not sent; will retry'));
    }
  }

  /**
   * The e-mail, or null when there is nothing left to say: the delivery is gone, or an "out" notice comes after the
   * delivery was completed (its "delivered" e-mail says more). Nobody to write to yet (the users' facts have not
   * arrived) is a failure, so the notice waits for them.
   */
  private async letter(deliveryId: string, kind: DeliveryNoticeKind): Promise<DeliveryLetter | null> {
    const r = this.uow.read;
    const delivery = await r.deliveries.view(deliveryId);
    if (!delivery || (kind === 'out' && delivery.status !== 'out-for-delivery')) return null;
    await learnProjectPeople(this.deps.catchUp ?? noCatchUp, r.users, delivery.projectId);
    const [people, project] = await Promise.all([r.users.projectPeople(delivery.projectId), r.access.project(delivery.projectId)]);
    const to = [...new Set([...people.map((p) => p.email), ...(project?.clientEmail ? [project.clientEmail] : [])].map((e) => e.toLowerCase()))];
    if (!to.length) throw new Error(`nobody of project ${delivery.projectId} is known yet`);
    const keys = kind === 'completed' ? delivery.photoUrls.map((u) => photoKeyOf(u)).filter((k): k is string => !!k) : [];
    const until = keys.length && delivery.completedAt ? photoLinkExpiry(new Date(delivery.completedAt)) : null;
    const secret = keys.length ? await this.uow.run((w) => w.signingKeys.getOrCreate(PHOTO_LINK_KEY_NAME)) : null;
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    return {
      to,
      kind,
      projectName: delivery.projectName,
      projectUrl: `${base}/projects/${delivery.projectId}`,
      date: delivery.date,
      window: delivery.window,
      address: delivery.address,
      items: delivery.items.map((i) => ({ name: i.name, exception: i.exception })),
      receivedBy: delivery.receivedBy,
      photoLinks: secret && until ? keys.map((k) => `${base}${signedPhotoPath(secret, k, until)}`) : [],
      linksUntil: until,
    };
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    this.deps.mailer.close();
  }
}
