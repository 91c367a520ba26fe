// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeFilesById } from './entry-server';

describe('routeFilesById', () => {
  const files = routeFilesById(fs.readFileSync('src/client/route-tree.gen.ts', 'utf8'));

  it('maps full route ids to their files, nested routes under their parent', () => {
    expect(files.get('/')).toBe('index');
    expect(files.get('/profile/')).toBe('profile.index');
    expect(files.get('/profile')).toBe('profile');
    expect(files.get('/$username')).toBe('$username');
    expect(files.get('/event/$shortId')).toBe('event.$shortId');
  });
});
