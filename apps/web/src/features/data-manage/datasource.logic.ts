import type { DataSource, DataSourceInput } from '@zg/contract';

/** The dialog's fields as the form holds them. */
export interface DataSourceForm {
  name: string;
  kind: 'postgresql';
  host: string;
  port: number | null;
  database: string;
  user: string;
  password?: string;
  schema?: string;
  note?: string;
}

/** What the dialog sends: insert (no id) or update (with the id). */
export type DataSourceBody = Omit<DataSourceInput, 'port' | 'password' | 'schema' | 'note'> & {
  id?: number;
  port?: number;
  password?: string;
  schema?: string | null;
  note?: string | null;
};

/** The dialog's initial values: a new source on PostgreSQL's default port, or the saved one without its password. */
export function formOf(source: DataSource | null): DataSourceForm {
  if (!source) return { name: '', kind: 'postgresql', host: '', port: 5432, database: '', user: '', password: '' };
  return {
    name: source.name,
    kind: source.kind,
    host: source.host,
    port: source.port,
    database: source.database,
    user: source.user,
    password: '',
    schema: source.schema ?? '',
    note: source.note ?? '',
  };
}

/**
 * The body of a save or a test from the dialog: trimmed, empty optional fields as null, and no password when none was
 * typed (an edit then keeps the stored one).
 */
export function bodyOf(values: DataSourceForm, id?: number): DataSourceBody {
  const password = values.password ?? '';
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    kind: values.kind,
    host: values.host.trim(),
    ...(values.port === null || values.port === undefined ? {} : { port: values.port }),
    database: values.database.trim(),
    user: values.user.trim(),
    ...(password ? { password } : {}),
    schema: values.schema?.trim() || null,
    note: values.note?.trim() || null,
  };
}

/**
 * Where a source is, as one reads and types it: host:port, an IPv6 address in brackets ([::1]:5432) so that its port
 * stays apart from its colons.
 */
export function addressOf(source: Pick<DataSource, 'host' | 'port'>): { host: string; port: string } {
  const host = source.host.includes(':') && !source.host.startsWith('[') ? `[${source.host}]` : source.host;
  return { host, port: `:${source.port}` };
}
