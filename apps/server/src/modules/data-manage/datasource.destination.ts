import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { DATASOURCE_MSG } from '@zg/contract';
import type { Db } from '../../db/client';
import {
  bareAddress,
  type HostRules,
  hostAllowed,
  isLinkLocalOrMetadata,
  isThisMachine,
  parseHostRules,
} from '../../platform/net-rules';
import type { ConnectionGuard } from './datasource.connect';
import { ownServerFacts } from './datasource.repository';
import { DestinationRefused } from './datasource.rules';

/**
 * Where a data source may point (issue 28 item 2). The hosts a source may name are DATASOURCE_ALLOWED_HOSTS's (names,
 * wildcards, addresses, ranges); unset, any host but this application's own database server. Link-local and cloud
 * metadata addresses are never allowed, and this application's own database (or a copy of it) is refused in every
 * case, once connected (datasource.connect.ts, by its tables). A host name is resolved once and the connection goes
 * to the address that was checked, so a name cannot be re-resolved elsewhere between the check and the connection.
 */

const D = DATASOURCE_MSG.destination;
const LOOKUP_MS = 1500;

/** The host name could not be resolved (a connection failure, told as 主机名无法解析). */
export class HostUnresolved extends Error {}

/** This application's own PostgreSQL server: where its pool connects, and when the server started. */
interface OwnServer {
  /** The server's address as our connection sees it (null over a Unix socket). */
  address: string | null;
  port: number;
  started: string;
  /** Our database's name on it. */
  database: string;
}

const ownServers = new WeakMap<Db, Promise<OwnServer>>();

/** Our own server, asked once per database handle (the embedded one or DATABASE_URL's: the pool's own connection). */
function ownServerOf(db: Db): Promise<OwnServer> {
  let known = ownServers.get(db);
  if (!known) {
    known = ownServerFacts(db);
    known.catch(() => ownServers.delete(db));
    ownServers.set(db, known);
  }
  return known;
}

/** Whether an address and port reach our own server: its address, or this machine when our server is on it. */
function isOwnServer(own: OwnServer, address: string, port: number): boolean {
  if (port !== own.port) return false;
  if (own.address !== null && bareAddress(own.address) === bareAddress(address)) return true;
  const ownIsLocal = own.address === null || isThisMachine(own.address);
  return ownIsLocal && isThisMachine(address);
}

const rulesCache = new Map<string, HostRules>();
function rulesOf(allowed: string | undefined): HostRules | null {
  if (!allowed?.trim()) return null;
  let rules = rulesCache.get(allowed);
  if (!rules) {
    const parsed = parseHostRules(allowed);
    // The configuration was validated at start (config.ts): an unreadable list allows nothing.
    rules = 'rules' in parsed ? parsed.rules : { names: new Set(), suffixes: [], ranges: new BlockList() };
    rulesCache.set(allowed, rules);
  }
  return rules;
}

async function addressesOf(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new HostUnresolved()), LOOKUP_MS);
      }),
    ]);
    if (found.length === 0) throw new HostUnresolved();
    return found.map((a) => bareAddress(a.address));
  } catch {
    throw new HostUnresolved();
  } finally {
    clearTimeout(timer);
  }
}

export interface Destination {
  /** The address to connect to (null: the host as written, when it was not resolved). */
  address: string | null;
  guard: ConnectionGuard;
}

/**
 * Checks where a data source points and answers the address to connect to, or throws DestinationRefused (the reason
 * in Chinese) or HostUnresolved. `resolve: false` (saving a source) checks without the network: an address as
 * written, `localhost`, and the names of the allow-list; a host name is then checked when a connection is made.
 */
export async function checkDestination(
  db: Db,
  config: { DATASOURCE_ALLOWED_HOSTS?: string | undefined },
  place: { host: string; port: number; database: string },
  opts: { resolve: boolean },
): Promise<Destination> {
  const { host, port } = place;
  const rules = rulesOf(config.DATASOURCE_ALLOWED_HOSTS);
  const bare = bareAddress(host);
  const literal = isIP(bare) !== 0;
  const addresses = literal
    ? [bare]
    : opts.resolve
      ? await addressesOf(bare)
      : bare === 'localhost'
        ? ['127.0.0.1', '::1']
        : [];
  if (addresses.some(isLinkLocalOrMetadata)) throw new DestinationRefused(D.linkLocal);
  const own = await ownServerOf(db);
  const ours = addresses.some((a) => isOwnServer(own, a, port));
  if (ours && place.database === own.database) throw new DestinationRefused(D.ownDatabase);
  const listed = rules !== null && hostAllowed(rules, bare, addresses);
  if (rules !== null && !listed && addresses.length > 0) throw new DestinationRefused(D.notAllowed(host));
  if (rules === null && ours) throw new DestinationRefused(D.ownServer);
  return {
    address: literal || opts.resolve ? (addresses[0] ?? null) : null,
    guard: { started: own.started, serverAllowed: listed },
  };
}
