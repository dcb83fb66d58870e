import { UnitOfWork, type TransactionalDb } from './unit-of-work';

const deadlock = () => Object.assign(new Error('Transaction failed'), { code: 'P2010', meta: { driverAdapterError: { cause: { code: '40P01', message: 'deadlock detected' } } } });

/** A database whose transactions fail with `failures` in turn, then succeed; counts the attempts. */
function dbFailing(failures: Error[]) {
  let attempts = 0;
  const db = {
    $transaction: async <T>(work: (tx: unknown) => Promise<T>) => {
      attempts++;
      const failure = failures.shift();
      const out = await work({});
      if (failure) throw failure; // as Postgres does: the work ran, the commit did not
      return out;
    },
    $executeRawUnsafe: async () => 0,
    $queryRawUnsafe: async () => [],
  } as unknown as TransactionalDb<never>;
  const uow = new UnitOfWork({ db, schema: 'test', repos: () => ({}) });
  return { uow, attempts: () => attempts };
}

describe('UnitOfWork.run', () => {
  it('runs a transaction Postgres rolled back for a deadlock or a serialization failure again, and answers its result', async () => {
    const serialization = Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
    const { uow, attempts } = dbFailing([deadlock(), serialization]);
    await expect(uow.run(async () => 'done')).resolves.toBe('done');
    expect(attempts()).toBe(3);
  });

  it('gives up after three attempts, with the last error', async () => {
    const { uow, attempts } = dbFailing([deadlock(), deadlock(), deadlock(), deadlock()]);
    await expect(uow.run(async () => 'done')).rejects.toMatchObject({ meta: { driverAdapterError: { cause: { code: '40P01' } } } });
    expect(attempts()).toBe(3);
  });

  it('does not run again what failed for any other reason (a constraint, a bug, a refusal)', async () => {
    const { uow, attempts } = dbFailing([Object.assign(new Error('duplicate key'), { code: '23505' })]);
    await expect(uow.run(async () => 'done')).rejects.toThrow('duplicate key');
    expect(attempts()).toBe(1);
  });
});
