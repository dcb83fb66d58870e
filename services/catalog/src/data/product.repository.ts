import type { Client } from './prisma-client';

/** What a row that names a SKU says about its product, used when the SKU is new to the designer. */
export interface SkuProduct {
  sku: string;
  name: string;
  collection?: string;
  designer?: string;
  finish?: string;
  material?: string;
}

/** A designer's products: SKUs are looked up and created within one owner's catalogue only. */
export class ProductRepository {
  constructor(private readonly db: Client) {}

  /** One SKU's variant in the owner's catalogue, created with its product when new (see variantIdsForSkus). */
  async variantIdForSku(ownerId: string, product: SkuProduct): Promise<string> {
    return (await this.variantIdsForSkus(ownerId, [product])).get(product.sku)!;
  }

  /**
   * The variant id for each SKU in the owner's catalogue, creating a product and variant for SKUs not
   * seen before (the first row naming a SKU describes its product). Set-based: one statement however
   * many rows. Must run in a transaction: the owner's SKUs are created one transaction at a time, so
   * two imports naming the same new SKU cannot both create it.
   */
  async variantIdsForSkus(ownerId: string, products: SkuProduct[]): Promise<Map<string, string>> {
    if (products.length === 0) return new Map();
    await this.db.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`catalog.skus:${ownerId}`}))::text`;
    const input = JSON.stringify(products.map((p, n) => ({ n, sku: p.sku, name: p.name, collection: p.collection ?? null, designer: p.designer ?? null, finish: p.finish ?? null, material: p.material ?? null })));
    const rows = await this.db.$queryRaw<{ sku: string; id: string }[]>`
      WITH input AS (
        SELECT DISTINCT ON (sku) * FROM jsonb_to_recordset(${input}::jsonb) AS x(n int, sku text, name text, collection text, designer text, finish text, material text) ORDER BY sku, n
      ), missing AS MATERIALIZED (
        SELECT gen_random_uuid() AS product_id, i.* FROM input i
        WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.owner_id = ${ownerId}::uuid AND v.sku = i.sku)
      ), new_products AS (
        INSERT INTO products (id, owner_id, name, collection, designer_attribution)
        SELECT product_id, ${ownerId}::uuid, name, collection, designer FROM missing
      ), new_variants AS (
        INSERT INTO product_variants (id, product_id, owner_id, sku, finish, material)
        SELECT gen_random_uuid(), product_id, ${ownerId}::uuid, sku, finish, material FROM missing
        RETURNING sku, id
      )
      -- The statement's snapshot does not see its own inserts, so existing and new variants do not overlap.
      SELECT sku, id::text FROM new_variants
      UNION ALL
      SELECT v.sku, v.id::text FROM product_variants v JOIN input i ON i.sku = v.sku WHERE v.owner_id = ${ownerId}::uuid`;
    return new Map(rows.map((r) => [r.sku, r.id]));
  }
}
