import type { Client } from './prisma-client';

/** A designer's products: SKUs are looked up and created within one owner's catalogue only. */
export class ProductRepository {
  constructor(private readonly db: Client) {}

  async variantIdForSku(ownerId: string, sku: string, product: { name: string; collection?: string; designer?: string; finish?: string; material?: string }): Promise<string> {
    const found = await this.db.productVariant.findUnique({ where: { ownerId_sku: { ownerId, sku } }, select: { id: true } });
    if (found) return found.id;
    const created = await this.db.product.create({
      data: {
        ownerId,
        name: product.name,
        collection: product.collection ?? null,
        designerAttribution: product.designer ?? null,
        variants: { create: { ownerId, sku, finish: product.finish ?? null, material: product.material ?? null } },
      },
      select: { variants: { select: { id: true } } },
    });
    return created.variants[0]!.id;
  }
}
