// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { routeChunks, routeFilesById, type ViteManifest } from './route-chunks-plugin';
import { dateLocaleChunkId, routeAssets, translationChunkId } from './route-assets';

describe('routeFilesById', () => {
  it('maps full route ids to their files, nested routes under their parent, from the router generator', async () => {
    const files = await routeFilesById(
      {
        target: 'react',
        routesDirectory: './src/client/routes',
        generatedRouteTree: './src/client/route-tree.gen.ts',
        quoteStyle: 'single',
      },
      process.cwd(),
    );
    expect(files.get('/')).toBe('src/client/routes/index.tsx');
    expect(files.get('/profile/')).toBe('src/client/routes/profile.index.tsx');
    expect(files.get('/profile')).toBe('src/client/routes/profile.tsx');
    expect(files.get('/$username')).toBe('src/client/routes/$username.tsx');
    expect(files.get('/event/$shortId')).toBe('src/client/routes/event.$shortId.tsx');
    expect(files.get('/food/$category')).toBe('src/client/routes/food.$category.tsx');
  });
});

describe('routeChunks', () => {
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/app.css'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_public.js': { file: 'assets/public.js', imports: ['_vendor.js'], css: ['assets/public.css'] },
    'src/client/routes/about.tsx?tsr-split=component': {
      file: 'assets/about.js',
      imports: ['_public.js', '_page-header.js'],
      css: ['assets/about.css'],
    },
    '_page-header.js': { file: 'assets/page-header.js', imports: ['_vendor.js'] },
    'src/client/routes/$username.tsx?tsr-split=component': { file: 'assets/username.js', imports: ['_public.js'] },
    'src/client/routes/$username.tsx?tsr-split=errorComponent': { file: 'assets/username-error.js' },
    'src/client/routes/about.tsx?other=1': { file: 'assets/not-a-route-chunk.js' },
    'src/client/locales/fr/firm.json': { file: 'assets/firm-fr.js' },
    'node_modules/date-fns/locale/ar-SA.js': { file: 'assets/ar-SA.js', imports: ['_public.js', '_vendor.js'] },
  };
  const files = new Map([
    ['/about', 'src/client/routes/about.tsx'],
    ['/$username', 'src/client/routes/$username.tsx'],
    ['/login', 'src/client/routes/login.tsx'],
  ]);
  const chunks = routeChunks(manifest, files);

  it("lists each route's split chunks and their static imports, less what the entry loads", () => {
    expect(chunks['/about']).toEqual({
      js: ['/assets/about.js', '/assets/public.js', '/assets/page-header.js'],
      css: ['/assets/about.css', '/assets/public.css'],
    });
    expect(chunks['/$username']).toEqual({
      js: ['/assets/username.js', '/assets/public.js', '/assets/username-error.js'],
      css: ['/assets/public.css'],
    });
  });

  it('lists each translation file and date locale, which the entry imports only once it runs', () => {
    expect(chunks[translationChunkId('fr', 'firm')]).toEqual({ js: ['/assets/firm-fr.js'], css: [] });
    expect(chunks[dateLocaleChunkId('ar')]).toEqual({ js: ['/assets/ar-SA.js', '/assets/public.js'], css: ['/assets/public.css'] });
    expect(chunks).not.toHaveProperty(dateLocaleChunkId('fr'));
  });

  it('leaves out a route that adds nothing to the entry', () => {
    expect(chunks).not.toHaveProperty('/login');
  });

  it('gives the renderer the matched routes’ files in match order, each once', () => {
    expect(routeAssets(chunks, ['__root__', '/$username', '/about'])).toEqual({
      css: ['/assets/public.css', '/assets/about.css'],
      modules: ['/assets/username.js', '/assets/public.js', '/assets/username-error.js', '/assets/about.js', '/assets/page-header.js'],
    });
    expect(routeAssets(undefined, ['/about'])).toEqual({ css: [], modules: [] });
  });
});
