import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addressOf, parseTrustProxy, type TrustProxy } from './client-address';
import { readEnv } from './env';

function trust(value: string): TrustProxy {
  const parsed = parseTrustProxy(value);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

/** The address `addressOf` reads for a request from `socket` carrying `forwardedFor`. */
async function seen(setting: string, socket: string | undefined, forwardedFor?: string): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(addressOf(c, trust(setting))));
  const response = await app.request(
    '/',
    { headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } },
    socket ? { incoming: { socket: { remoteAddress: socket } } } : {},
  );
  return response.text();
}

describe('clientAddress and TRUST_PROXY', () => {
  it('unset: the socket, whatever the headers say', async () => {
    expect(await seen('', '203.0.113.5', '1.1.1.1')).toBe('203.0.113.5');
    expect(await seen('0', '::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(await seen('', undefined)).toBe('unknown');
  });

  it('a hop count: that many proxies appended to X-Forwarded-For', async () => {
    expect(await seen('1', '10.0.0.1', '203.0.113.5')).toBe('203.0.113.5');
    expect(await seen('1', '10.0.0.1', 'spoofed, 203.0.113.5')).toBe('203.0.113.5');
    expect(await seen('2', '10.0.0.1', 'spoofed, 203.0.113.5, 10.0.0.9')).toBe('203.0.113.5');
    // fewer entries than hops: the farthest one there is
    expect(await seen('3', '10.0.0.1', '203.0.113.5')).toBe('203.0.113.5');
    // no header: the socket
    expect(await seen('1', '10.0.0.1')).toBe('10.0.0.1');
    // junk where the address should be: the socket, never the junk
    expect(await seen('1', '10.0.0.1', 'not-an-ip')).toBe('10.0.0.1');
  });

  it('a CIDR list: the nearest address no trusted proxy wrote', async () => {
    expect(await seen('10.0.0.0/8, 192.168.0.0/16', '10.0.0.1', 'spoofed, 203.0.113.5, 192.168.1.1')).toBe('203.0.113.5');
    // a peer that is not a trusted proxy: its headers mean nothing
    expect(await seen('10.0.0.0/8', '198.51.100.1', '203.0.113.5')).toBe('198.51.100.1');
    expect(await seen('::1, 10.0.0.1', '::1', '2001:db8::5')).toBe('2001:db8::5');
    // every hop trusted: the farthest one
    expect(await seen('10.0.0.0/8', '10.0.0.1', '10.0.0.2')).toBe('10.0.0.2');
  });

  it('is validated by the environment schema', () => {
    expect(readEnv({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(readEnv({}).trustProxy).toEqual({ kind: 'none' });
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy.kind).toBe('cidrs');
    expect(() => readEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY: "yes please" is neither a hop count/);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
