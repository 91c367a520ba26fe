import { describe, expect, it } from 'vitest';
import { defaultRenderWorkers } from './ssr';

describe('defaultRenderWorkers', () => {
  it('renders on the main thread of a single-core machine: a worker there only adds messages', () => {
    expect(defaultRenderWorkers(1)).toBe(0);
  });

  it('renders in one worker thread where there is a second core', () => {
    expect(defaultRenderWorkers(2)).toBe(1);
    expect(defaultRenderWorkers(8)).toBe(1);
  });
});
