import { describe, expect, it } from 'vitest';
import { firmProfileInputSchema } from './workspace';
import { menuItemInputSchema } from './owner-catalogue';
import { plainName } from './plain-name';

describe('plainName', () => {
  const name = plainName(1, 40);

  it('keeps names in any script, trimmed', () => {
    for (const value of ['Café Lumière', 'مقهى النور', "O'Hara-Ñuñez", ' Nour ']) expect(name.safeParse(value).success, value).toBe(true);
    expect(name.parse(' Nour ')).toBe('Nour');
  });

  it('refuses control characters and direction overrides, embeddings and isolates', () => {
    for (const bad of ['a\u202Eb', 'a\u202Ab', 'a\u2067b', 'a\u2069b', 'a\nb', 'a\tb', 'a\u007Fb', 'a\u0085b']) {
      const result = name.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0].message).toBe('validation.nameCharacters');
    }
  });

  it('guards firm and catalogue names', () => {
    expect(firmProfileInputSchema.shape.name.safeParse('Nour\u202E').success).toBe(false);
    expect(menuItemInputSchema.shape.name.safeParse('Tea\u2066').success).toBe(false);
  });
});
