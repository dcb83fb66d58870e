import type { PublicInvoice } from '@midway/contracts';
import { apiJson } from '@midway/ui';

const path = (token: string) => `/api/pay/${encodeURIComponent(token)}`;

/** The pay link's public calls: the token is the credential, no session needed. */
export const payApi = {
  invoice: (token: string) => apiJson<PublicInvoice>('GET', path(token)),
  createPaymentIntent: (token: string) => apiJson<{ clientSecret: string; testMode: boolean }>('POST', `${path(token)}/payment-intent`),
};
