/** A message the run's mail sink (MailDev, started by the global setup or the platform) caught. */
export interface SunkMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
  from: { address: string; name?: string }[];
}

/** Every message the mail sink at `webUrl` holds (testEnv().mailUrl in integration tests). */
export async function readMail(webUrl: string): Promise<SunkMail[]> {
  const res = await fetch(`${webUrl}/api/email`);
  if (!res.ok) throw new Error(`mail sink answered ${res.status}`);
  return (await res.json()) as SunkMail[];
}
