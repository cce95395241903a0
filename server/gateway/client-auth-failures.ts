/**
 * Which failed OAuth2 client authentications are counted, and when they stop an attempt.
 *
 * Three counts, each over one fixed window:
 * - per client and address: the guesser's own count; it never touches anyone else;
 * - per address, over every client: one address spraying guesses over many client ids;
 * - per client, over every address: a guesser spread over many addresses. Once it is reached,
 *   an address that has failed for the client in the window gets no more tries — but one with a
 *   clean record is still heard.
 * A plain per-client lock would let anyone who knows a client id (it is not a secret) lock the
 * real client out by failing on purpose. Sparing clean addresses keeps the real client working,
 * and still cuts a spread-out guesser to one try per fresh address (IPv6 counted by /64) once
 * the client is under attack.
 *
 * A failure is known only when the provider answers, so attempts sent together would all pass
 * before the first was counted. An attempt therefore holds a place among the unresolved ones
 * until its answer, and failures plus places held may not exceed a limit. That would also
 * hold back a real client sending many requests at once, so an address where the client has
 * authenticated within the window is spared the places, and the per-client lock: it knows the
 * secret.
 */
import { createHash } from 'node:crypto';
import type { CountOp, WindowCount, WindowCounts } from './window-counts.js';

export interface ClientAuthLimits {
  perClientAddress: number;
  perAddress: number;
  perClient: number;
  windowMs: number;
  /** How long a place is held at most: the longest an answer can take, and some. */
  attemptTtlMs: number;
}

export interface ClientAuthAttempt {
  /** The client the request claims to be; unknown when it names none. */
  clientId?: string;
  /** The client network (client-network.ts). */
  network: string;
}

export type ClientAuthLimit = 'client and address' | 'address' | 'client';

/** Either how long to wait, or the places this attempt holds until its answer. */
export type Admission = { waitMs: number } | { held: string[] };

export type ClientAuthOutcome = 'failed' | 'authenticated' | 'other';

/** The wait when only places held by unresolved attempts are in the way: they end within moments. */
const UNRESOLVED_WAIT_MS = 1_000;

export class ClientAuthFailures {
  constructor(
    private readonly counts: WindowCounts,
    private readonly limits: ClientAuthLimits,
  ) {}

  async admit(attempt: ClientAuthAttempt): Promise<Admission> {
    const keys = keysOf(attempt);
    const readFailures: CountOp[] = [keys.address, ...(keys.client ? [keys.client.pair, keys.client.failed] : [])].map((key) => ({ op: 'get', key }));
    const readMark: CountOp[] = keys.client ? [{ op: 'get', key: keys.client.authenticated }] : [];
    const first = await this.counts.apply([...readFailures, ...readMark]);
    const known = (first[readFailures.length]?.count ?? 0) > 0;
    const failedWait = this.wait(counted(first), undefined, known);
    if (failedWait !== undefined) return { waitMs: failedWait };
    if (known) return { held: [] };

    // The places are taken and the failures read again in one step, so that of two attempts
    // one always sees the other: as a place held, or as a failure counted.
    const held = [keys.heldAtAddress, ...(keys.client ? [keys.client.heldForPair] : [])];
    const second = await this.counts.apply([...held.map((key): CountOp => ({ op: 'hold', key, ttlMs: this.limits.attemptTtlMs })), ...readFailures]);
    const heldWait = this.wait(counted(second.slice(held.length)), { address: second[0], pair: keys.client ? second[1] : undefined }, false);
    if (heldWait === undefined) return { held };
    await this.counts.apply(held.map((key): CountOp => ({ op: 'release', key })));
    return { waitMs: heldWait };
  }

  /** Gives back the attempt's places and counts what the answer was; answers the limits a failure has just reached, for the log. */
  async settle(attempt: ClientAuthAttempt, held: readonly string[], outcome: ClientAuthOutcome): Promise<ClientAuthLimit[]> {
    const keys = keysOf(attempt);
    const ops: CountOp[] = held.map((key) => ({ op: 'release', key }));
    if (outcome === 'failed') {
      for (const key of [keys.address, ...(keys.client ? [keys.client.pair, keys.client.failed] : [])]) ops.push({ op: 'add', key, windowMs: this.limits.windowMs });
    } else if (outcome === 'authenticated' && keys.client && held.length > 0) {
      // Marked by an attempt that had to hold a place: once the mark expires, the next one holds a place and marks again.
      ops.push({ op: 'mark', key: keys.client.authenticated, ttlMs: this.limits.windowMs });
    }
    if (ops.length === 0) return [];
    const [address, pair, client] = (await this.counts.apply(ops)).slice(held.length);
    if (outcome !== 'failed') return [];
    const reached = (value: WindowCount | undefined, limit: number) => value?.count === limit;
    return [
      ...(reached(pair, this.limits.perClientAddress) ? (['client and address'] as const) : []),
      ...(reached(address, this.limits.perAddress) ? (['address'] as const) : []),
      ...(reached(client, this.limits.perClient) ? (['client'] as const) : []),
    ];
  }

  /** How long the failures counted (and the places held, when given) keep an attempt waiting; undefined when they do not. */
  private wait(failed: Counted, held: Counted | undefined, known: boolean): number | undefined {
    const { perAddress, perClientAddress, perClient } = this.limits;
    const count = (value: WindowCount | undefined) => value?.count ?? 0;
    const waits: number[] = [];
    if (count(failed.address) >= perAddress) waits.push(failed.address!.msLeft);
    if (count(failed.pair) >= perClientAddress) waits.push(failed.pair!.msLeft);
    // Whichever closes first ends it: the client's window, or this address's record for it.
    const underAttack = !known && count(failed.client) >= perClient;
    if (underAttack && count(failed.pair) > 0) waits.push(Math.min(failed.client!.msLeft, failed.pair!.msLeft));
    if (waits.length > 0) return Math.max(...waits);
    if (!held) return undefined;
    const crowded =
      count(failed.address) + count(held.address) > perAddress ||
      count(failed.pair) + count(held.pair) > perClientAddress ||
      // Under attack, a fresh address gets one try at a time.
      (underAttack && count(held.pair) > 1);
    return crowded ? UNRESOLVED_WAIT_MS : undefined;
  }
}

/** Counts for the address, for the client at this address, and for the client anywhere. */
interface Counted {
  address?: WindowCount;
  pair?: WindowCount;
  client?: WindowCount;
}

/** Counts answered in the order address, client at the address, client (a missing one counts nothing). */
function counted([address, pair, client]: WindowCount[]): Counted {
  return { address, pair, client };
}

interface Keys {
  address: string;
  heldAtAddress: string;
  client?: { failed: string; pair: string; heldForPair: string; authenticated: string };
}

function keysOf({ clientId, network }: ClientAuthAttempt): Keys {
  const keys: Keys = { address: `failed:address:${network}`, heldAtAddress: `held:address:${network}` };
  if (clientId === undefined) return keys;
  // Hashed: a client id is whatever the request says, of any length.
  const client = createHash('sha256').update(clientId).digest('base64url').slice(0, 22);
  keys.client = {
    failed: `failed:client:${client}`,
    pair: `failed:client-address:${client}:${network}`,
    heldForPair: `held:client-address:${client}:${network}`,
    authenticated: `authenticated:client-address:${client}:${network}`,
  };
  return keys;
}
