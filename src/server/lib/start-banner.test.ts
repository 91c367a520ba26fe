import { describe, expect, it } from 'vitest';
import { readEnv } from './env';
import { startBanner } from './start-banner';

const demoLogins = { password: 'pw', accounts: [{ email: 'a@souk.test', role: 'owner' }] };

describe('the start banner', () => {
  it('prints PUBLIC_URL when it is set, not localhost', () => {
    const env = readEnv({ PUBLIC_URL: 'https://souk.example/', PORT: '8130', SEED: 'none' });
    const banner = startBanner({ env, port: 8130, dialect: 'sqlite', demoLogins });
    expect(banner).toContain('Souk is running at https://souk.example\n');
    expect(banner).not.toContain('localhost');
    expect(banner).toContain('listening on port 8130');
  });

  it('prints this machine and the port it got otherwise, and the demo logins', () => {
    const env = readEnv({ PORT: '0' });
    const banner = startBanner({ env, port: 41234, dialect: 'sqlite', demoLogins });
    expect(banner).toContain('Souk is running at http://localhost:41234\n');
    expect(banner).toContain('a@souk.test');
  });
});
