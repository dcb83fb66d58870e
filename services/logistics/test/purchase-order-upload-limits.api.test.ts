import { actor, usePlatform, type Actor } from './logistics-harness';
import { denseText } from './hostile-pdfs';
import { CORPUS } from './po-corpus';

/**
 * The PDF pool's limits as a caller meets them over HTTP: one thread and no queue here, a minute's time limit, three
 * uploads a minute per person.
 */
const t = usePlatform({
  objectStore: true,
  logisticsEnv: async () => ({ LOGISTICS_PDF_THREADS: '1', LOGISTICS_PDF_QUEUE: '0', LOGISTICS_PDF_TIME_LIMIT_MS: '60000', LOGISTICS_PO_UPLOADS_PER_MINUTE: '3' }),
});

const upload = async (projectId: string, who: Actor, body: Uint8Array, signal?: AbortSignal) => {
  const res = await fetch(`${t.logisticsService.url}/api/projects/${projectId}/purchase-orders`, {
    method: 'POST', headers: { ...who.headers, 'content-type': 'application/pdf' }, body: new Uint8Array(body), signal,
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { message?: string } };
};

it('a full pool answers 503 with Retry-After at once; a client that hangs up frees its thread; a fourth upload in a minute is a 429', async () => {
  const [owner, other] = [actor(), actor()];
  const p = await t.project(owner);
  const q = await t.project(other);
  const ordinary = await CORPUS[0]!.pdf(undefined as never);

  const gone = new AbortController();
  const slow = upload(p.id, owner, denseText(150, 3000), gone.signal).catch((e: unknown) => e);
  // The slow document has the only thread (its first upload also loads pdf.js there).
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const started = Date.now();
  const busy = await upload(q.id, other, ordinary);
  expect(busy).toEqual({ status: 503, retryAfter: '5', body: expect.objectContaining({ message: 'Every PDF reader is busy just now. Try the upload again in a few seconds.' }) });
  expect(Date.now() - started).toBeLessThan(2_000);

  // The client goes away: its reading stops, so the thread reads the next upload (no queue: else a 503 for a minute).
  gone.abort();
  expect(await slow).toMatchObject({ name: 'AbortError' });
  const next = await upload(q.id, other, ordinary);
  expect(next.status).toBe(201);

  expect((await upload(p.id, owner, ordinary)).status).toBe(201);
  expect((await upload(p.id, owner, ordinary)).status).toBe(201);
  const limited = await upload(p.id, owner, ordinary);
  expect(limited).toMatchObject({ status: 429, body: { message: 'At most 3 purchase orders can be uploaded a minute. Wait a minute and upload again.' } });
  // Counted per person: another designer still uploads.
  expect((await upload(q.id, other, ordinary)).status).toBe(201);
}, 120_000);
