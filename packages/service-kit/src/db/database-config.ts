/**
 * Connection settings split into parts. The Prisma pg adapter must get host/port/user/database separately:
 * with a connection string it silently reuses the main database where a shadow database was asked for.
 */
export interface DbConfig {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  ssl: boolean;
}

export function parseDatabaseUrl(url: string): DbConfig {
  const u = new URL(url);
  const sslmode = u.searchParams.get('sslmode');
  return {
    host: decodeURIComponent(u.hostname) || '127.0.0.1',
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || 'postgres',
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
    ssl: sslmode === 'require' || sslmode === 'verify-full',
  };
}

export function toPgConfig(db: DbConfig, extra: { max?: number; searchPath?: string; applicationName?: string } = {}) {
  return {
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    database: db.database,
    ssl: db.ssl ? { rejectUnauthorized: true } : undefined,
    max: extra.max ?? 10,
    application_name: extra.applicationName,
    options: extra.searchPath ? `-c search_path="${extra.searchPath}"` : undefined,
  };
}

/** Identifiers we interpolate into SQL (schema names) are checked, never escaped ad hoc. */
export function assertIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return name;
}
