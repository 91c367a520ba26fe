/** Types of throttle-proxy.mjs, for the e2e spec that sends a page through it (tests/e2e/slow-link-taps.spec.ts). */
export interface ThrottleProxy {
  port: number;
  counts: { requests: number; bytesDown: number; log: string[] };
  setThrottled(on: boolean): void;
  reset(): void;
  close(): Promise<void>;
}

export function startThrottleProxy(options?: { kbps?: number; latencyMs?: number }): Promise<ThrottleProxy>;
