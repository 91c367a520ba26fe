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
