import type { Caller } from '@midway/service-kit';
import type { CreateProjectBody, Project, UpdateProjectBody } from '@midway/contracts';
import { accessibleProjects, accessLevel as accessOf } from './access.sql';
import { toProject, type ProjectRow } from './mappers';
import { Prisma, type Client } from './prisma-client';

export class ProjectRepository {
  constructor(private readonly db: Client) {}

  private select(caller: Caller, where: Prisma.Sql) {
    return this.db.$queryRaw<ProjectRow[]>`
      SELECT p.*, ${accessOf(caller)} AS access,
             coalesce(c.item_count, 0)::int AS item_count, coalesce(c.done_count, 0)::int AS done_count
      FROM projects p
      LEFT JOIN LATERAL (
        SELECT count(*) AS item_count, count(*) FILTER (WHERE i.status IN ('received', 'delivered')) AS done_count
        FROM items i WHERE i.project_id = p.id
      ) c ON TRUE
      WHERE ${accessibleProjects(caller)} AND ${where}
      ORDER BY p.created_at DESC, p.id DESC`;
  }

  async list(caller: Caller): Promise<Project[]> {
    return (await this.select(caller, Prisma.sql`TRUE`)).map(toProject);
  }

  /**
   * One page of the caller's projects, newest first, and how many they reach: the page is chosen first and only
   * its projects' items are counted (the whole list counted every project's items: seconds for an admin).
   */
  async page(caller: Caller, limit: number, offset: number, status?: string): Promise<{ projects: Project[]; total: number }> {
    const where = status ? Prisma.sql`${accessibleProjects(caller)} AND p.status = ${status}` : accessibleProjects(caller);
    const [rows, [count]] = await Promise.all([
      this.db.$queryRaw<ProjectRow[]>`
        WITH page AS (
          SELECT p.* FROM projects p WHERE ${where}
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}
        )
        SELECT p.*, ${accessOf(caller)} AS access,
               coalesce(c.item_count, 0)::int AS item_count, coalesce(c.done_count, 0)::int AS done_count
        FROM page p
        LEFT JOIN LATERAL (
          SELECT count(*) AS item_count, count(*) FILTER (WHERE i.status IN ('received', 'delivered')) AS done_count
          FROM items i WHERE i.project_id = p.id
        ) c ON TRUE
        ORDER BY p.created_at DESC, p.id DESC`,
      this.db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM projects p WHERE ${where}`,
    ]);
    return { projects: rows.map(toProject), total: count?.total ?? 0 };
  }

  /** The project if the caller may reach it; otherwise null (the caller sees a 404, never a 403). */
  async findAccessible(caller: Caller, id: string): Promise<Project | null> {
    const [row] = await this.select(caller, Prisma.sql`p.id = ${id}::uuid`);
    return row ? toProject(row) : null;
  }

  /** The projects among `ids` the caller may reach (see findAccessible). */
  async findAccessibleMany(caller: Caller, ids: readonly string[]): Promise<Project[]> {
    if (ids.length === 0) return [];
    return (await this.select(caller, Prisma.sql`p.id = ANY(${[...ids]}::uuid[])`)).map(toProject);
  }

  /** Holds the project row until the transaction ends (no key change, so adding items is not blocked). */
  async lock(id: string): Promise<void> {
    await this.db.$queryRaw`SELECT 1 FROM projects WHERE id = ${id}::uuid FOR NO KEY UPDATE`;
  }

  async insert(ownerId: string, body: CreateProjectBody): Promise<string> {
    const p = await this.db.project.create({
      data: {
        name: body.name,
        clientName: body.clientName,
        clientEmail: body.clientEmail ?? null,
        location: body.location,
        installDate: body.installDate ? new Date(`${body.installDate}T00:00:00Z`) : null,
        status: body.status ?? 'active',
        createdById: ownerId,
      },
      select: { id: true },
    });
    return p.id;
  }

  async update(id: string, body: UpdateProjectBody): Promise<void> {
    await this.db.project.update({
      where: { id },
      data: {
        ...body,
        installDate: body.installDate === undefined ? undefined : body.installDate === null ? null : new Date(`${body.installDate}T00:00:00Z`),
      },
    });
  }

  /** Sets the share token only if none exists yet, and returns whichever token the project ends up with. */
  async ensureShareToken(id: string, candidate: string): Promise<{ token: string; created: boolean }> {
    const { count } = await this.db.project.updateMany({ where: { id, shareToken: null }, data: { shareToken: candidate } });
    const p = await this.db.project.findUniqueOrThrow({ where: { id }, select: { shareToken: true } });
    return { token: p.shareToken!, created: count === 1 };
  }

  /** Replaces the share token (the old one stops matching at once); creates one when there was none. */
  async replaceShareToken(id: string, token: string): Promise<{ token: string; created: boolean; rotated: boolean }> {
    const [row] = await this.db.$queryRaw<{ had: boolean }[]>`
      UPDATE projects p SET share_token = ${token}, updated_at = now() FROM (SELECT share_token IS NOT NULL AS had FROM projects WHERE id = ${id}::uuid) old
      WHERE p.id = ${id}::uuid RETURNING old.had`;
    return { token, created: !row!.had, rotated: row!.had };
  }

  findByShareToken(token: string) {
    return this.db.project.findUnique({
      where: { shareToken: token },
      select: { id: true, name: true, location: true, clientName: true, status: true, installDate: true },
    });
  }

  costsOf(projectId: string) {
    return this.db.cost.findMany({ where: { projectId }, orderBy: { date: 'asc' } });
  }

  /** domain/project-total's projectTotalCents in SQL: Σ price × quantity + Σ costs, exact, in cents. */
  async totalCents(projectId: string): Promise<bigint> {
    const [row] = await this.db.$queryRaw<{ cents: string }[]>`
      SELECT trunc(((SELECT coalesce(sum(price * quantity), 0) FROM items WHERE project_id = ${projectId}::uuid)
            + (SELECT coalesce(sum(amount), 0) FROM costs WHERE project_id = ${projectId}::uuid)) * 100)::text AS cents`;
    return BigInt(row!.cents);
  }
}
