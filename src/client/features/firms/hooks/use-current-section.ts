import { useEffect, useRef, useState } from 'react';

/**
 * Which of the page's sections the reader is in: the last one whose heading has gone under the
 * sticky header and section bar (`offsetPx` from the top of the viewport). A section that sits
 * beside the others (the info column on a wide screen) counts only once the page has reached its
 * end. Null above the first section.
 */
export function useCurrentSection(ids: readonly string[], offsetPx: () => number): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(' ');
  const offset = useRef(offsetPx);
  useEffect(() => {
    offset.current = offsetPx;
  });

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      // a section scrolled to by its chip sits a little below the bars (its scroll margin)
      const line = offset.current() + 24;
      const elements = key
        .split(' ')
        .map((id) => document.getElementById(id))
        .filter((element): element is HTMLElement => element !== null);
      let found: string | null = null;
      let lastTop = -Infinity;
      for (const element of elements) {
        const top = element.getBoundingClientRect().top;
        // beside, not after, the sections before it: never "passed" by scrolling alone
        const beside = top < lastTop;
        if (!beside) lastTop = top;
        if (!beside && top <= line) found = element.id;
      }
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atEnd && elements.length > 0 && window.scrollY > 0) found = elements[elements.length - 1].id;
      setCurrent(found);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [key]);

  return current;
}
