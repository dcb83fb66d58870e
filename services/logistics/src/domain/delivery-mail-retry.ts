/**
 * When a delivery's e-mail that the SMTP server did not accept is tried again: 30 s after the first failed
 * attempt, doubling with each further one up to an hour, and never given up, so an outage of any length ends with
 * the mail sent. A notice that keeps failing (a recipient the server refuses) drifts back behind the others
 * instead of holding them up.
 */
export const DELIVERY_MAIL_FIRST_RETRY_MS = 30_000;
export const DELIVERY_MAIL_MAX_RETRY_MS = 60 * 60_000;

/** The wait after the `attempts`-th attempt failed (attempts counts from 1). */
export function deliveryMailRetryDelayMs(attempts: number): number {
  const doublings = Math.min(Math.max(attempts, 1) - 1, 20);
  return Math.min(DELIVERY_MAIL_FIRST_RETRY_MS * 2 ** doublings, DELIVERY_MAIL_MAX_RETRY_MS);
}

/**
 * How long a sender holds a notice it claimed: longer than nodemailer's own socket timeout (10 minutes), so a slow
 * send is never sent a second time by the sweep; a sender that died mid-send leaves it to be retried after this.
 */
export const DELIVERY_MAIL_CLAIM_MS = 11 * 60_000;
