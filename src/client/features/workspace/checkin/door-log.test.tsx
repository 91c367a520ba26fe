import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CheckinScan } from '../../../../shared/checkin';
import i18next from 'i18next';
import { initTestI18n, renderInRouter } from '../../../components/test-utils';
import workspace from '../../../locales/en/workspace.json';
import { DoorLog } from './door-panels';

beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'workspace', workspace);
});

const scan = (seq: number): CheckinScan => ({
  id: `scan-${seq}`,
  ticketId: null,
  nonce: `nonce-${seq}`,
  deviceId: 'device',
  deviceName: `Door ${seq}`,
  staffName: 'Sam',
  scannedAt: new Date(Date.UTC(2026, 10, 28, 20, 0, seq)).toISOString(),
  result: 'refused',
  reason: 'invalid',
  seq,
});

describe('the door log', { timeout: 20_000 }, () => {
  it('shows the latest 50 scans first and says how many there are in all', async () => {
    const scans = Array.from({ length: 120 }, (_, i) => scan(i + 1));
    await renderInRouter(<DoorLog scans={scans} queue={[]} tickets={new Map()} mayUndo={false} online onChange={async () => undefined} />);
    const rows = within(screen.getByTestId('door-log')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(50);
    expect(rows[0].textContent).toContain('Door 120');
    expect(rows[49].textContent).toContain('Door 71');
    expect(screen.getByText('The latest 50 of 120 scans')).toBeTruthy();
  });
});
