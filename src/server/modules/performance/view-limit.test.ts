import { describe, expect, it } from 'vitest';
import { createViewLimit } from './view-limit';

const secrets = { refreshKey: new TextEncoder().encode('a-key-of-the-server-for-the-tests') };

describe('the limit of views one visitor counts of one page', () => {
  it('allows the limit, refuses the next until the window ends, then allows again', () => {
    let now = Date.parse('2026-06-24T10:00:00Z');
    const limit = createViewLimit({ secrets, clock: () => new Date(now) }, { max: 3, windowMs: 600_000 });
    const views = () => Array.from({ length: 4 }, () => limit.consume('10.0.0.1', 'firm:nightowl').allowed);
    expect(views()).toEqual([true, true, true, false]);
    now += 240_000;
    expect(limit.consume('10.0.0.1', 'firm:nightowl')).toEqual({ allowed: false, retryAfter: 360 });
    now += 360_000;
    expect(views()).toEqual([true, true, true, false]);
  });

  it('counts each visitor and each page on its own', () => {
    const limit = createViewLimit({ secrets, clock: () => new Date('2026-06-24T10:00:00Z') }, { max: 2, windowMs: 600_000 });
    for (let i = 0; i < 2; i++) expect(limit.consume('10.0.0.1', 'firm:nightowl').allowed).toBe(true);
    expect(limit.consume('10.0.0.1', 'firm:nightowl').allowed).toBe(false);
    expect(limit.consume('10.0.0.2', 'firm:nightowl').allowed).toBe(true);
    expect(limit.consume('10.0.0.1', 'event:evte1xx').allowed).toBe(true);
  });

  it('refuses hardly anyone for someone else in a crowd of new visitors', () => {
    const limit = createViewLimit({ secrets, clock: () => new Date('2026-06-24T10:00:00Z') }, { max: 10, windowMs: 600_000 });
    let refused = 0;
    for (let n = 0; n < 200_000; n++) if (!limit.consume(`10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`, 'firm:nightowl').allowed) refused++;
    expect(refused).toBe(0);
  });
});
