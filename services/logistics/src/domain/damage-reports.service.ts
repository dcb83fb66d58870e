import type { Logger } from 'pino';
import { HttpError, learnProjectPeople, noCatchUp, notFound, type CatchUp } from '@midway/service-kit';
import type { UnitOfWork } from '../data/unit-of-work';
import type { DamageLetter } from '../mail/damage-report.mailer';
import type { Clock } from './inspection-due';
import { checkPhotoLink, PHOTO_LINK_KEY_NAME, photoLinkExpiry, signedPhotoPath } from './photo-link';
import { objectKey, type PhotoStore } from './photo.service';

export interface DamageMailer {
  send(letter: DamageLetter): Promise<void>;
  close(): void;
}

/** A report whose e-mail did not go out right away is retried by the sweep after this long. */
export const DAMAGE_MAIL_RETRY_AFTER_MS = 30_000;

/**
 * Damage reports' e-mails to the project's owner and members, sent right after the inspection commits (and
 * retried by a sweep when SMTP failed or nobody of the project is known yet), and the photos their signed
 * links open without a session.
 */
export class DamageReports {
  private secret: Promise<Buffer> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly deps: { mailer: DamageMailer; store: PhotoStore | null; publicUrl: string; clock: Clock; logger: Logger; catchUp?: CatchUp },
  ) {}

  private signingKey(): Promise<Buffer> {
    this.secret ??= this.uow.run((r) => r.signingKeys.getOrCreate(PHOTO_LINK_KEY_NAME)).catch((err) => {
      this.secret = undefined;
      throw err;
    });
    return this.secret;
  }

  /** Sends the report's e-mail in the background (the inspection's answer does not wait for SMTP). */
  dispatch(damageReportId: string): void {
    const p = this.deliver(damageReportId)
      .catch((err) => this.deps.logger.warn({ err, damageReportId }, 'damage report e-mail not sent; the sweep retries it'))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** E-mails one report once: claimed first, so a sweep and the dispatch never both send it. */
  async deliver(damageReportId: string): Promise<boolean> {
    const letter = await this.uow.read.inspections.letter(damageReportId);
    if (!letter) return false;
    await learnProjectPeople(this.deps.catchUp ?? noCatchUp, this.uow.read.users, letter.projectId);
    const people = await this.uow.read.users.projectPeople(letter.projectId);
    if (people.length === 0) return false;
    if (!(await this.uow.run((r) => r.inspections.claimEmail(damageReportId, this.deps.clock())))) return false;
    try {
      const secret = await this.signingKey();
      const until = photoLinkExpiry(letter.reportedAt);
      const base = this.deps.publicUrl.replace(/\/+$/, '');
      await this.deps.mailer.send({
        to: people.map((p) => p.email),
        itemName: letter.itemName,
        projectName: letter.projectName,
        projectUrl: `${base}/projects/${letter.projectId}`,
        condition: letter.condition,
        notes: letter.notes,
        photoLinks: letter.photoKeys.map((k) => `${base}${signedPhotoPath(secret, k, until)}`),
        linksUntil: until,
        reportedAt: letter.reportedAt,
      });
      return true;
    } catch (err) {
      await this.uow.run((r) => r.inspections.unclaimEmail(damageReportId));
      throw err;
    }
  }

  /** Retries the reports whose e-mail has not gone out. */
  async sweep(): Promise<void> {
    const ids = await this.uow.read.inspections.unsent(new Date(this.deps.clock().getTime() - DAMAGE_MAIL_RETRY_AFTER_MS));
    for (const id of ids) await this.deliver(id).catch((err) => this.deps.logger.warn({ err, damageReportId: id }, 'damage report e-mail not sent'));
  }

  /** A damage photo from an e-mailed link: 404 for a link that is not one, 410 once it expired. */
  async openPhoto(key: string, expires: unknown, sig: unknown) {
    const check = checkPhotoLink(await this.signingKey(), key, expires, sig, this.deps.clock());
    if (check === 'invalid') throw notFound('Photo not found');
    if (check === 'expired') throw new HttpError(410, 'gone', 'This photo link has expired (links in a damage report or a delivery e-mail open for 7 days). Sign in to see it on the project page.');
    const k = key.toLowerCase();
    // A delivery's proof photos are e-mailed with the same signed links (the delivery notices).
    const linked = (await this.uow.read.inspections.isDamagePhoto(k)) || (await this.uow.read.deliveries.isProofPhoto(k));
    const upload = linked ? await this.uow.read.uploads.find(k) : null;
    if (!upload?.completedAt) throw notFound('Photo not found');
    if (!this.deps.store) throw new HttpError(503, 'photo_storage_unavailable', 'Photo storage is not configured on this server.');
    return { contentType: upload.contentType!, size: upload.size!, body: await this.deps.store.get(objectKey(k)) };
  }

  /** Lets the e-mails on their way finish, then closes the SMTP connection. */
  async stop(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    this.deps.mailer.close();
  }
}
