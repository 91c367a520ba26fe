import sharp from 'sharp';
import { accountScoped, firmScoped, MANAGERS, OWNERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { FIRM } from '../../testing/workspace-fixtures';

const firm = (path: string) => `/api/dashboard/firms/${path}?firmId=${FIRM}`;

const profile = {
  name: 'Café Lumière',
  industryKey: 'foodandbeverage',
  categoryKey: 'cafe',
  description: 'Coffee and pastries by the river.',
  timezone: 'Europe/Paris',
  openingHours: [{ day: 1, open: '08:00', close: '18:00' }],
  city: 'Paris',
};

const picture = async () => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa8866' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('image', new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }));
  return form;
};

let created = 0;

/** Who may read and edit the firm in the workspace (src/server/api/authorization-matrix.test.ts). */
export const rows: AuthzRows = {
  'GET /api/dashboard/firms/dash-firm': { request: () => ({ path: firm('dash-firm') }), expect: firmScoped(TEAM) },
  'GET /api/dashboard/firms/home': { request: () => ({ path: firm('home') }), expect: firmScoped(TEAM) },
  'GET /api/dashboard/firms/qr.svg': { request: () => ({ path: firm('qr.svg') }), expect: firmScoped(TEAM) },
  'GET /api/dashboard/firms/qr.png': { request: () => ({ path: firm('qr.png') }), expect: firmScoped(TEAM) },
  'PUT /api/dashboard/firms/profile': { request: () => ({ path: firm('profile'), body: profile }), expect: firmScoped(MANAGERS) },
  'PUT /api/dashboard/firms/settings': {
    request: () => ({ path: firm('settings'), body: { language: 'fr', currency: 'EUR', published: true } }),
    expect: firmScoped(OWNERS),
  },
  'POST /api/dashboard/firms/cover': {
    request: async () => ({ path: firm('cover'), body: await picture() }),
    expect: firmScoped(MANAGERS),
  },
  'GET /api/business/firms/username-availability': {
    request: () => ({ path: '/api/business/firms/username-availability?username=new-place' }),
    expect: accountScoped(),
  },
  'POST /api/business/firms': {
    request: () => {
      created += 1;
      return { path: '/api/business/firms', body: { ...profile, name: `New place ${created}`, username: `new-place-${created}` } };
    },
    expect: accountScoped(201),
  },
};
