import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from './migrate';

/** The migration files, by name without `.ts`, as the folder holds them. */
const files = fs
  .readdirSync(new URL('./migrations', import.meta.url))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length));

describe('the migration list', () => {
  it('names every file of db/migrations once, and no other', () => {
    expect([...MIGRATION_NAMES].sort()).toEqual([...files].sort());
  });

  it('is in the order the migrations run', () => {
    expect(MIGRATION_NAMES).toEqual([...MIGRATION_NAMES].sort());
  });
});
