import { SCAN_SUFFIX_MAX_MATCHES, type ScanMatch } from '@midway/contracts';
import type { Pool } from 'pg';
import { Prisma, type Client } from './prisma-client';

/** Exact matches of one number are few; this bounds a pathological number shared by very many items. */
const EXACT_MAX = 50;

/** The first string after every string that starts with `prefix`, byte-wise (text_pattern_ops order). */
function afterPrefix(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/**
 * The scan's lookup, across every designer's items: exact tracking-number matches first, then (when asked)
 * items whose number ends with the scanned one. Both are index reads: the exact one on tracking_number, the
 * suffix one on reverse(tracking_number) text_pattern_ops as a byte-wise range (so a generic plan of the
 * prepared statement still uses the index, which a parameterised LIKE would not).
 */
export class ScanRepository {
  constructor(
    private readonly db: Client,
    /** Plain pg outside transactions: a scanner waits on every answer, so the same SQL without Prisma's fixed cost. */
    private readonly reader?: Pool,
  ) {}

  async matches(trackingNumber: string, bySuffix: boolean): Promise<ScanMatch[]> {
    const reversed = [...trackingNumber].reverse().join('');
    const suffix = bySuffix
      ? Prisma.sql`UNION ALL (
          SELECT i.id, 1 AS rank, i.created_at FROM items i
          WHERE reverse(i.tracking_number) ~>=~ ${reversed} AND reverse(i.tracking_number) ~<~ ${afterPrefix(reversed)} AND i.tracking_number <> ${trackingNumber}
          LIMIT ${SCAN_SUFFIX_MAX_MATCHES})`
      : Prisma.empty;
    const query = Prisma.sql`
      WITH found AS (
        (SELECT i.id, 0 AS rank, i.created_at FROM items i WHERE i.tracking_number = ${trackingNumber} LIMIT ${EXACT_MAX})
        ${suffix}
      )
      SELECT i.id AS "itemId", i.name AS "itemName", i.project_id AS "projectId", coalesce(p.name, '') AS "projectName",
             coalesce(p.client_name, '') AS "clientName",
             coalesce(NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.email, '') AS "designerName", i.status
      FROM found f
      JOIN items i ON i.id = f.id
      LEFT JOIN projects p ON p.id = i.project_id
      LEFT JOIN users u ON u.id = p.owner_id
      ORDER BY f.rank, f.created_at DESC, i.id`;
    return this.reader ? (await this.reader.query<ScanMatch>({ text: query.text, values: query.values })).rows : this.db.$queryRaw<ScanMatch[]>(query);
  }
}
