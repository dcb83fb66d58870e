import pg from 'pg';
import { testEnv } from '@midway/testing';
import { Prisma } from '../src/data/prisma-client';
import { DELIVERY } from '../src/domain/fees/delivery-fee';
import { INSPECTION } from '../src/domain/fees/inspection-fee';
import { INSTALLATION } from '../src/domain/fees/installation-fee';
import { RECEIVING } from '../src/domain/fees/receiving-fee';
import { STORAGE } from '../src/domain/fees/storage-fee';
import { invoiceTotals, taxSql } from '../src/domain/invoice-totals';

/**
 * Each fee rule and the invoice totals are stated twice: as a pure function (what the unit tests beside them
 * read) and as the SQL that applies them to a set. Here Postgres evaluates the SQL pieces and they must say
 * what the functions say: keys, descriptions (a day as the invoice shows it) and the tax's rounding.
 */
let c: pg.Client;
beforeAll(async () => {
  c = new pg.Client({ connectionString: testEnv().databaseUrl });
  await c.connect();
});
afterAll(() => c.end());

const value = async (sql: Prisma.Sql): Promise<string> => (await c.query<{ v: string }>({ text: `SELECT (${sql.text})::text AS v`, values: sql.values })).rows[0]!.v;
const text = (v: string) => Prisma.sql`${v}::text`;
const day = (v: string) => Prisma.sql`${v}::date`;

const item = '7b0c1f2e-8d6a-4c33-9a71-2f1f3c1e0a11';
const project = '0e3e2b1c-5a4d-4f6e-8b7a-9c0d1e2f3a4b';
const DAYS = ['2026-01-05', '2026-02-28', '2026-05-01', '2026-09-30', '2026-12-31', '2027-03-09'];

it('the fee rules’ keys and descriptions in SQL are the ones their functions give', async () => {
  for (const d of DAYS) {
    expect(await value(STORAGE.keySql(Prisma.sql`${item}::uuid`, day(d)))).toBe(STORAGE.key(item, d));
    expect(await value(DELIVERY.keySql(Prisma.sql`${project}::uuid`, day(d)))).toBe(DELIVERY.key(project, d));
    expect(await value(DELIVERY.descriptionSql(day(d)))).toBe(DELIVERY.description(d));
  }
  expect(await value(RECEIVING.keySql(Prisma.sql`${item}::uuid`))).toBe(RECEIVING.key(item));
  expect(await value(INSPECTION.keySql(Prisma.sql`${item}::uuid`))).toBe(INSPECTION.key(item));
  expect(await value(INSTALLATION.keySql(Prisma.sql`${item}::uuid`))).toBe(INSTALLATION.key(item));
  const name = 'Sofa “Ünïcödé” — 3\'s';
  expect(await value(RECEIVING.descriptionSql(text(name)))).toBe(RECEIVING.description(name));
  expect(await value(STORAGE.descriptionSql(text(name)))).toBe(STORAGE.description(name));
  expect(await value(INSTALLATION.descriptionSql(text(name)))).toBe(INSTALLATION.description(name));
  expect(await value(INSPECTION.descriptionSql(text(name)))).toBe(INSPECTION.description(name));
  expect(await value(INSPECTION.descriptionSql(Prisma.sql`NULL::text`))).toBe(INSPECTION.description(null));
});

it('the tax Postgres computes for an invoice is the one invoiceTotals gives, halves and all', async () => {
  const subtotals = ['0.00', '0.01', '0.10', '10.10', '10.30', '19.99', '123.45', '999.95', '100000.05', '-10.10'];
  for (const rate of ['0', '0.05', '0.0825', '0.13', '0.0001', '1.0']) {
    for (const sub of subtotals) expect(`${sub} × ${rate} = ${await value(taxSql(Prisma.sql`${sub}::numeric`, rate))}`).toBe(`${sub} × ${rate} = ${invoiceTotals([sub], rate).tax}`);
  }
});
