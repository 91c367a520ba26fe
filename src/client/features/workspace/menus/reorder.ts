/** Moves the element at `from` to `to` (both within bounds), returning a new array. */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * Where a dragged row lands: the index among its siblings whose middle the pointer has passed
 * (`middles`: each row's vertical centre, in order, the dragged one included at `from`).
 */
export function dropIndex(middles: readonly number[], from: number, pointerY: number): number {
  let index = 0;
  for (let at = 0; at < middles.length; at++) {
    if (at === from) continue;
    if (pointerY > middles[at]) index++;
  }
  return index;
}

/** Where a section sits: its menu's index and its own among that menu's sections. */
export interface SectionAt {
  menu: number;
  section: number;
}

interface Tree<I> {
  sections: readonly { items: readonly I[] }[];
}

/** The section before (-1) or after (1) one, across menus (the order the public page shows them), or undefined at the ends. */
export function neighbourSection(menus: readonly Tree<unknown>[], at: SectionAt, direction: -1 | 1): SectionAt | undefined {
  const flat = menus.flatMap((menu, m) => menu.sections.map((_, s) => ({ menu: m, section: s })));
  const here = flat.findIndex((place) => place.menu === at.menu && place.section === at.section);
  return here < 0 ? undefined : flat[here + direction];
}

/** Moves the item at `index` of section `from` into section `to` at `toIndex` (clamped), returning new menus. */
export function moveItemAcross<I, M extends Tree<I>>(
  menus: readonly M[],
  from: SectionAt,
  index: number,
  to: SectionAt,
  toIndex: number,
): M[] {
  const item = menus[from.menu].sections[from.section].items[index];
  const without = menus.map((menu, m) => ({
    ...menu,
    sections: menu.sections.map((section, s) =>
      m === from.menu && s === from.section ? { ...section, items: section.items.filter((_, i) => i !== index) } : section,
    ),
  }));
  return without.map((menu, m) => ({
    ...menu,
    sections: menu.sections.map((section, s) => {
      if (m !== to.menu || s !== to.section) return section;
      const items = [...section.items];
      items.splice(Math.max(0, Math.min(toIndex, items.length)), 0, item);
      return { ...section, items };
    }),
  }));
}
