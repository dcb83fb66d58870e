import type { CreateItemBody, Item, UpdateItemBody } from '@midway/contracts';
import { stampsFor } from '../domain/item-timestamps';
import { ITEM_ROW } from './item.fields';
import { toItem, type ItemRow } from './mappers';
import { Prisma, type Client } from './prisma-client';

/**
 * Rows as one JSON value built by Postgres: the driver adapter then parses a single string instead of
 * converting every cell of every row.
 */
async function jsonRows(db: Client, query: Prisma.Sql): Promise<ItemRow[]> {
  // Newest first, the order of every item list.
  const [{ rows }] = await db.$queryRaw<{ rows: ItemRow[] | null }[]>`SELECT coalesce(json_agg(x ORDER BY x.created_at DESC, x.id DESC), '[]'::json) AS rows FROM (${query}) x`;
  return rows ?? [];
}

/** Item fields as Prisma data: only what the body carries, so an update changes only what was sent. */
function itemData(body: Partial<CreateItemBody> | UpdateItemBody) {
  const { status: _status, price, estimatedPrice, ...rest } = body;
  return {
    ...rest,
    ...(price !== undefined ? { price: price === null ? null : new Prisma.Decimal(price) } : {}),
    ...(estimatedPrice !== undefined ? { estimatedPrice: estimatedPrice === null ? null : new Prisma.Decimal(estimatedPrice) } : {}),
  };
}

/** One item at a time: a project's items, an item (locked for a change), its creation, edit and deletion. */
export class ItemRepository {
  constructor(private readonly db: Client) {}

  async byProject(projectId: string): Promise<Item[]> {
    return (await jsonRows(this.db, Prisma.sql`${ITEM_ROW} WHERE i.project_id = ${projectId}::uuid ORDER BY i.created_at DESC, i.id DESC`)).map(toItem);
  }

  /** `lock`: hold the item row until the transaction ends (see itemFor), then read its latest state. */
  async find(id: string, opts: { lock?: boolean } = {}): Promise<Item | null> {
    const [row] = await this.db.$queryRaw<ItemRow[]>`${ITEM_ROW} WHERE i.id = ${id}::uuid ${opts.lock ? Prisma.sql`FOR NO KEY UPDATE OF i` : Prisma.empty}`;
    return row ? toItem(row) : null;
  }

  async insert(projectId: string, body: CreateItemBody, productVariantId: string | null): Promise<Item> {
    const { id } = await this.db.item.create({
      data: { ...itemData(body), name: body.name, projectId, productVariantId, quantity: body.quantity ?? 1, status: body.status ?? 'ordered', ...stampsFor(body.status ?? 'ordered', null) },
      select: { id: true },
    });
    return (await this.find(id))!;
  }

  /** `productVariantId`: given when the SKU changed (null when it was cleared). */
  async update(id: string, body: UpdateItemBody, current: Item, productVariantId?: string | null): Promise<Item> {
    const status = body.status ?? current.status;
    const link = productVariantId !== undefined ? { productVariantId } : {};
    await this.db.item.update({ where: { id }, data: { ...itemData(body), ...link, ...(body.status ? { status } : {}), ...stampsFor(status, current) } });
    return (await this.find(id))!;
  }

  async delete(id: string): Promise<void> {
    await this.db.item.delete({ where: { id } });
  }
}
