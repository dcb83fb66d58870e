import { isDatabaseUnavailable, isTransactionConflict } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  it("sees PostgreSQL shutting down through Prisma's driver-adapter wrapping", () => {
    // As Prisma 7 with @prisma/adapter-pg threw it while the embedded server restarted.
    const prisma = Object.assign(new Error('Database error. Code: `57P03`. Message: `the database system is shutting down`'), {
      code: 'P2039',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: '57P03', kind: 'postgres', code: '57P03', severity: 'FATAL' } } },
    });
    expect(isDatabaseUnavailable(prisma)).toBe(true);
  });

  it("sees pg's lost and refused connections, and Prisma's own unreachable codes", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { cause: { code: '08006' } }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("Can't reach database server"), { code: 'P1001' }))).toBe(true);
  });

  it("sees a pool so busy that Prisma could not start a transaction in time (a 503, the request may be retried)", () => {
    const busy = Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' });
    expect(isDatabaseUnavailable(busy)).toBe(true);
    // The same code for a transaction the code itself left open too long is a defect, not the database's state.
    expect(isDatabaseUnavailable(Object.assign(new Error('Transaction API error: Transaction already closed: A query cannot be executed on an expired transaction.'), { code: 'P2028' }))).toBe(false);
  });

  it('leaves every other error a 500: constraint violations, bad SQL, bugs', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('isTransactionConflict', () => {
  it("sees a deadlock or a serialization failure through Prisma's wrapping, and nothing else", () => {
    expect(isTransactionConflict(Object.assign(new Error('x'), { meta: { driverAdapterError: { cause: { code: '40P01' } } } }))).toBe(true);
    expect(isTransactionConflict(Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' }))).toBe(true);
    expect(isTransactionConflict(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isTransactionConflict(Object.assign(new Error('the database system is shutting down'), { code: '57P03' }))).toBe(false);
  });
});
