import net from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../app-env';

/**
 * Which proxies in front of the server may say who the client is (`TRUST_PROXY`, README
 * "Configuration"): none (the socket's address is the client's), a number of hops (that many
 * reverse proxies, each appending to `X-Forwarded-For`), or a list of addresses and CIDR ranges
 * of trusted proxies.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'cidrs'; list: net.BlockList; text: string };

const familyOf = (address: string): 'ipv4' | 'ipv6' | undefined => {
  const version = net.isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
};

/** Parses `TRUST_PROXY`: unset, `0` or `false` = none; a whole number = hops; else a comma list of CIDRs/addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const text = (value ?? '').trim();
  if (!text || text === '0' || text.toLowerCase() === 'false') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 20 ? { kind: 'hops', hops } : { error: 'a hop count is at most 20' };
  }
  const list = new net.BlockList();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address, prefixText, extra] = entry.split('/');
    const family = familyOf(address);
    const prefix = prefixText === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefixText);
    const maxPrefix = family === 'ipv4' ? 32 : 128;
    if (!family || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix) {
      return { error: `"${entry}" is neither a hop count nor an address or CIDR range (e.g. 10.0.0.0/8, ::1)` };
    }
    list.addSubnet(address, prefix, family);
  }
  return { kind: 'cidrs', list, text };
}

/** `::ffff:10.0.0.1` is 10.0.0.1; anything that is not an IP address is not one. */
function normalize(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  const plain = trimmed.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return familyOf(plain) ? plain : undefined;
}

function socketAddress(c: Context): string | undefined {
  // An in-process request (tests, server rendering: several per rendered page) has no socket. Asking
  // getConnInfo anyway threw and caught a TypeError each time: 1.6 % of a cold render (a profile of cold renders).
  const bindings = c.env as { server?: { incoming?: unknown }; incoming?: unknown } | undefined;
  if (!(bindings?.server ?? bindings)?.incoming) return undefined;
  try {
    return normalize(getConnInfo(c).remote.address);
  } catch {
    return undefined; // no socket (an in-process request: tests, server rendering)
  }
}

function trusted(list: net.BlockList, address: string): boolean {
  const family = familyOf(address);
  return family ? list.check(address, family) : false;
}

/**
 * The client's address: the socket's, or, behind trusted proxies, the nearest address in
 * `X-Forwarded-For` that no trusted proxy wrote. Headers from an untrusted peer are ignored
 * (anyone can send one). `unknown` when there is no socket and nothing trusted says otherwise.
 */
export function addressOf(c: Context, trust: TrustProxy): string {
  const socket = socketAddress(c);
  if (trust.kind === 'none') return socket ?? 'unknown';
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // The chain, nearest last: what each proxy saw, then the socket's peer.
  const chain = [...forwarded, socket ?? 'unknown'];
  if (trust.kind === 'hops') {
    const index = Math.max(0, chain.length - 1 - trust.hops);
    return normalize(chain[index]) ?? socket ?? 'unknown';
  }
  let index = chain.length - 1;
  while (index > 0) {
    const hop = normalize(chain[index]);
    if (!hop || !trusted(trust.list, hop)) break;
    index -= 1;
  }
  return normalize(chain[index]) ?? socket ?? 'unknown';
}

/** Works out the client's address once per request (app.ts), for `clientAddress(c)`. */
export function clientAddresses(trust: TrustProxy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('clientAddress', addressOf(c, trust));
    await next();
  };
}

/**
 * The client's address as `TRUST_PROXY` says to read it: what every rate limit keys on and every
 * login records. One helper, so no limiter can key on a proxy's address by mistake.
 */
export function clientAddress(c: Context<AppEnv>): string {
  return c.get('clientAddress') ?? socketAddress(c) ?? 'unknown';
}
