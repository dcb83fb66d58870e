/** A message the run's mail sink (MailDev, started by the global setup or the platform) caught. */
export interface SunkMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
  from: { address: string; name?: string }[];
  html?: string;
}

/** Every message the mail sink at `webUrl` holds (testEnv().mailUrl in integration tests). */
export async function readMail(webUrl: string): Promise<SunkMail[]> {
  const res = await fetch(`${webUrl}/api/email`);
  if (!res.ok) throw new Error(`mail sink answered ${res.status}`);
  return (await res.json()) as SunkMail[];
}

/** The messages to `address` (MailDev filters on the server, so a long run's inbox is not read whole each time). */
export async function readMailTo(webUrl: string, address: string): Promise<SunkMail[]> {
  const res = await fetch(`${webUrl}/api/email?${new URLSearchParams({ 'to.address': address.toLowerCase() })}`);
  if (!res.ok) throw new Error(`mail sink answered ${res.status}`);
  return (await res.json()) as SunkMail[];
}

/** A caught message as it came over SMTP (every header, e.g. Reply-To, and the MIME body). */
export async function readMailSource(webUrl: string, id: string): Promise<string> {
  const res = await fetch(`${webUrl}/api/email/${encodeURIComponent(id)}/source`);
  if (!res.ok) throw new Error(`mail sink answered ${res.status}`);
  return res.text();
}
