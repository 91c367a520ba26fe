import { describe, expect, it } from 'vitest';
import { dropIndex, moveItemAcross, moveTo, neighbourSection } from './reorder';

describe('sort-menu reordering', () => {
  it('moves one element, keeping the others in order', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('drops a dragged row where the pointer passed the middles of the others', () => {
    const middles = [10, 30, 50, 70];
    expect(dropIndex(middles, 0, 5)).toBe(0);
    expect(dropIndex(middles, 0, 35)).toBe(1);
    expect(dropIndex(middles, 0, 100)).toBe(3);
    expect(dropIndex(middles, 3, 0)).toBe(0);
    expect(dropIndex(middles, 3, 40)).toBe(2);
  });
});

describe('sort-menu moves across sections', () => {
  const menus = [
    { id: 'breakfast', sections: [{ id: 'b0', items: ['eggs', 'toast'] }] },
    {
      id: 'drinks',
      sections: [
        { id: 'hot', items: ['tea'] },
        { id: 'cold', items: [] as string[] },
      ],
    },
  ];

  it('finds the previous and next section across menus, none past the ends', () => {
    expect(neighbourSection(menus, { menu: 0, section: 0 }, 1)).toEqual({ menu: 1, section: 0 });
    expect(neighbourSection(menus, { menu: 1, section: 0 }, -1)).toEqual({ menu: 0, section: 0 });
    expect(neighbourSection(menus, { menu: 1, section: 0 }, 1)).toEqual({ menu: 1, section: 1 });
    expect(neighbourSection(menus, { menu: 0, section: 0 }, -1)).toBeUndefined();
    expect(neighbourSection(menus, { menu: 1, section: 1 }, 1)).toBeUndefined();
  });

  it('moves an item into another section of another menu, every item kept once', () => {
    const moved = moveItemAcross(menus, { menu: 0, section: 0 }, 1, { menu: 1, section: 0 }, 0);
    expect(moved.map((menu) => menu.sections.map((section) => section.items))).toEqual([[['eggs']], [['toast', 'tea'], []]]);
    const toEmpty = moveItemAcross(menus, { menu: 1, section: 0 }, 0, { menu: 1, section: 1 }, 5);
    expect(toEmpty[1].sections.map((section) => section.items)).toEqual([[], ['tea']]);
    // the input is left as it was
    expect(menus[0].sections[0].items).toEqual(['eggs', 'toast']);
  });
});
