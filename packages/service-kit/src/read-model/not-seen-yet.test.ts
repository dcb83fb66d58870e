import { randomUUID } from 'node:crypto';
import type { EventEnvelope, OwnerQueryKind } from '@midway/contracts';
import { HttpError } from '../errors';
import { notSeenYet, NotSeenYetError, ReadModelCatchUp } from './not-seen-yet';

const event = (id = randomUUID()) => ({ id, type: 'catalog.project.snapshot.v1', occurredAt: new Date().toISOString(), data: {} }) as unknown as EventEnvelope;

/** A read model of ids, an owner that knows `owned`, and the questions asked of it. */
function setup(owned: Record<string, EventEnvelope[] | null>) {
  const known = new Set<string>();
  const asked: [OwnerQueryKind, string][] = [];
  const applied: EventEnvelope[] = [];
  const catchUp = new ReadModelCatchUp({
    ask: async (kind, id) => {
      asked.push([kind, id]);
      await new Promise((r) => setTimeout(r, 5));
      return owned[id] ?? [];
    },
    apply: async (e) => {
      applied.push(e);
      known.add((e.data as { projectId?: string }).projectId ?? '');
    },
  });
  const find = (id: string) => async () => {
    if (!known.has(id)) throw notSeenYet('catalog.project', id, 'Project not found');
    return id;
  };
  return { known, asked, applied, catchUp, find };
}

describe('ReadModelCatchUp', () => {
  it('asks the owner about an id it has not seen, applies the answer in order and looks again', async () => {
    const id = randomUUID();
    const answer = [{ ...event(), data: { projectId: id } }, event()] as EventEnvelope[];
    const s = setup({ [id]: answer });
    await expect(s.catchUp.retrying(s.find(id))).resolves.toBe(id);
    expect(s.asked).toEqual([['catalog.project', id]]);
    expect(s.applied).toEqual(answer);
  });

  it('keeps the 404 when the owner does not know the id, or does not answer, and asks nothing when the id is known', async () => {
    const missing = randomUUID();
    const silent = randomUUID();
    const s = setup({ [silent]: null });
    const err = await s.catchUp.retrying(s.find(missing)).catch((e) => e);
    expect(err).toBeInstanceOf(NotSeenYetError);
    expect(err).toMatchObject({ status: 404, code: 'not_found', message: 'Project not found' });
    await expect(s.catchUp.retrying(s.find(silent))).rejects.toMatchObject({ status: 404 });
    expect(s.applied).toEqual([]);
    s.known.add(missing);
    s.asked.length = 0;
    await s.catchUp.retrying(s.find(missing));
    expect(s.asked).toEqual([]);
  });

  it('runs the work at most twice: a second not-seen after the answer is the final 404', async () => {
    const id = randomUUID();
    const s = setup({ [id]: [event()] });
    let runs = 0;
    const work = async () => {
      runs++;
      throw notSeenYet('catalog.item', id, 'Item not found');
    };
    await expect(s.catchUp.retrying(work)).rejects.toMatchObject({ status: 404, message: 'Item not found' });
    expect(runs).toBe(2);
    expect(s.asked).toEqual([['catalog.item', id]]);
  });

  it('passes other errors through without asking', async () => {
    const s = setup({});
    await expect(s.catchUp.retrying(async () => Promise.reject(new HttpError(403, 'forbidden', 'no')))).rejects.toMatchObject({ status: 403 });
    expect(s.asked).toEqual([]);
  });

  it('asks once for overlapping questions about the same id', async () => {
    const id = randomUUID();
    const s = setup({ [id]: [{ ...event(), data: { projectId: id } }] as EventEnvelope[] });
    const all = await Promise.all(Array.from({ length: 20 }, () => s.catchUp.retrying(s.find(id))));
    expect(all).toEqual(Array(20).fill(id));
    expect(s.asked).toHaveLength(1);
    expect(s.applied).toHaveLength(1);
  });
});
