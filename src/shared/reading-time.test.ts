import { describe, expect, it } from 'vitest';
import { readingMinutes } from './reading-time';

describe('readingMinutes', () => {
  it('counts the words of the text, not the markup, at 200 a minute', () => {
    const paragraph = `<p>${'word '.repeat(100)}</p>`;
    expect(readingMinutes(paragraph.repeat(6))).toBe(3);
    expect(readingMinutes(`<p class="a-very-long-class-name another">${'mot '.repeat(399)}</p>`)).toBe(2);
  });

  it('is at least a minute, and counts Arabic words too', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('<p>&nbsp;</p>')).toBe(1);
    expect(readingMinutes(`<p>${'كلمة '.repeat(1000)}</p>`)).toBe(5);
  });
});
