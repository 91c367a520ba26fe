import { describe, expect, it } from 'vitest';
import { dedupePrecacheEntries, precacheKey, publicPrecacheEntries, type BuildChunk } from './precache-entries';

describe('dedupePrecacheEntries', () => {
  it('keeps one entry per URL, in first-seen order', () => {
    const { manifest, warnings } = dedupePrecacheEntries([
      { url: 'index.html', revision: 'a' },
      { url: 'icons/icon-192.png', revision: 'b' },
      { url: '/icons/icon-192.png', revision: 'b' },
      { url: './index.html', revision: 'a' },
      { url: 'assets/index-abc.js', revision: null },
    ]);
    expect(manifest.map((entry) => entry.url)).toEqual(['index.html', 'icons/icon-192.png', 'assets/index-abc.js']);
    expect(warnings).toEqual([]);
  });

  it('prefers the entry with a revision when the same URL comes twice and warns', () => {
    const { manifest, warnings } = dedupePrecacheEntries([
      { url: 'favicon.svg', revision: null },
      { url: 'favicon.svg', revision: 'r1' },
    ]);
    expect(manifest).toEqual([{ url: 'favicon.svg', revision: 'r1' }]);
    expect(warnings).toHaveLength(1);
  });

  it('normalises the leading ./ and /', () => {
    expect(precacheKey('/a.js')).toBe('a.js');
    expect(precacheKey('./a.js')).toBe('a.js');
    expect(precacheKey('a.js')).toBe('a.js');
  });
});

describe('publicPrecacheEntries', () => {
  const build: Record<string, BuildChunk> = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_vendor.js'],
      css: ['assets/app-1.css'],
      dynamicImports: [
        'src/client/routes/$username.tsx?tsr-split=component',
        'src/client/routes/workspace.menu.tsx?tsr-split=component',
        'src/client/routes/profile.settings.tsx?tsr-split=component',
        'src/client/components/feedback/layers.tsx',
        'src/client/components/layout/notification-bell.tsx',
        'src/client/locales/en/common.json',
        'src/client/locales/ar/common.json',
        'src/client/locales/en/firm.json',
        'src/client/locales/ar/firm.json',
        'src/client/locales/en/reviews.json',
        'src/client/locales/en/saved.json',
        'src/client/locales/en/workspace.json',
        'src/client/locales/ar/workspace.json',
        'node_modules/date-fns/locale/ar-SA.js',
      ],
    },
    '_vendor.js': { file: 'assets/vendor-1.js' },
    'src/client/routes/$username.tsx?tsr-split=component': {
      file: 'assets/firm-1.js',
      imports: ['_public.js'],
      css: ['assets/public-1.css'],
    },
    '_public.js': {
      file: 'assets/public-2.js',
      dynamicImports: [
        'src/client/routes/workspace.menu.tsx?tsr-split=component',
        'src/client/features/reviews/components/firm-reviews.tsx',
      ],
    },
    'src/client/features/reviews/components/firm-reviews.tsx': { file: 'assets/firm-reviews-1.js', imports: ['_avatar.js'] },
    '_avatar.js': { file: 'assets/person-avatar-1.js' },
    'src/client/routes/workspace.menu.tsx?tsr-split=component': { file: 'assets/workspace-1.js', imports: ['_editor.js'] },
    '_editor.js': { file: 'assets/editor-1.js' },
    'src/client/routes/profile.settings.tsx?tsr-split=component': { file: 'assets/settings-1.js' },
    'src/client/components/feedback/layers.tsx': { file: 'assets/layers-1.js' },
    'src/client/components/layout/notification-bell.tsx': { file: 'assets/bell-1.js' },
    'src/client/locales/en/common.json': { file: 'assets/common-en.js' },
    'src/client/locales/ar/common.json': { file: 'assets/common-ar.js' },
    'src/client/locales/en/firm.json': { file: 'assets/firm-en.js' },
    'src/client/locales/en/reviews.json': { file: 'assets/reviews-en.js' },
    'src/client/locales/en/saved.json': { file: 'assets/saved-en.js' },
    'src/client/locales/ar/firm.json': { file: 'assets/firm-ar.js' },
    'src/client/locales/en/workspace.json': { file: 'assets/workspace-en.js' },
    'src/client/locales/ar/workspace.json': { file: 'assets/workspace-ar.js' },
    'node_modules/date-fns/locale/ar-SA.js': { file: 'assets/ar-SA-1.js' },
  };
  const all = [
    'index.html',
    'favicon.svg',
    'icons/icon-192.png',
    'icons/icon-512.png',
    ...Object.values(build).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]),
  ].map((url) => ({ url, revision: null }));

  const shell = (list: { url: string; later?: true }[]) => list.filter((entry) => !entry.later).map((entry) => entry.url);
  const later = (list: { url: string; later?: true }[]) => list.filter((entry) => entry.later).map((entry) => entry.url);

  it('precaches only the shell: index.html, the entry with its CSS, the favicon', () => {
    expect(shell(publicPrecacheEntries(all, build)).sort()).toEqual(
      ['index.html', 'favicon.svg', 'assets/index-1.js', 'assets/app-1.css', 'assets/vendor-1.js'].sort(),
    );
  });

  it("marks for later the public routes with what they import, the lazy layers, the firm's reviews section and the default language's public translations", () => {
    expect(later(publicPrecacheEntries(all, build)).sort()).toEqual(
      [
        'assets/firm-1.js',
        'assets/public-1.css',
        'assets/public-2.js',
        'assets/firm-reviews-1.js',
        'assets/person-avatar-1.js',
        'assets/layers-1.js',
        'assets/common-en.js',
        'assets/firm-en.js',
        'assets/reviews-en.js',
        'assets/saved-en.js',
      ].sort(),
    );
  });

  it('leaves out the workspace, the editors, the profile, the bell, the workspace translations and the large icons, even when a public chunk links them lazily', () => {
    const kept = publicPrecacheEntries(all, build).map((entry) => entry.url);
    for (const file of [
      'assets/workspace-1.js',
      'assets/editor-1.js',
      'assets/settings-1.js',
      'assets/bell-1.js',
      'assets/workspace-ar.js',
      'assets/workspace-en.js',
      'icons/icon-192.png',
      'icons/icon-512.png',
    ])
      expect(kept).not.toContain(file);
  });

  it('leaves out the other languages’ translations and month names (the page hands the worker those it loaded)', () => {
    const kept = publicPrecacheEntries(all, build).map((entry) => entry.url);
    for (const file of ['assets/firm-ar.js', 'assets/ar-SA-1.js', 'assets/common-ar.js']) expect(kept).not.toContain(file);
  });

  it('keeps everything without a build manifest', () => {
    expect(publicPrecacheEntries(all, undefined)).toBe(all);
  });
});
