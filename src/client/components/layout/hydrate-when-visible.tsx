import { memo, Suspense, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Hydration when needed: a part of a server-rendered page below the first screen keeps its server
 * HTML (visible, links working) and becomes live only once it comes near the screen or the visitor
 * first touches, clicks, types or focuses anything. Until then React does not render it at all, so
 * the page's start-up (Lighthouse's total blocking time) holds only what the first screen needs.
 *
 * How: the part is its own Suspense boundary (React hydrates each boundary on its own, after the
 * rest of the page), and the component inside it suspends during hydration on a promise that
 * resolves when the part is seen. `anchorId` is the id of an element the part is in or is, which
 * the server HTML already has (the gate needs the DOM before React owns it). Rendered afresh on the
 * client (a navigation, the offline shell) or on the server, it renders at once.
 *
 * While a part waits, a re-render of its parent does not reach it (a boundary that receives new
 * props before it has hydrated is rendered afresh, replacing the server's HTML); once it opens, it
 * renders with its parent's latest props.
 *
 * Taps are not lost: the first pointerdown/keydown/focusin opens every gate, so the part hydrates
 * before the click that follows (React hydrates a boundary synchronously for a click on it), and
 * controls with useEarlyTap (lib/early-tap.ts) keep taps made before the scripts came.
 */
export function HydrateWhenVisible({ anchorId, children }: { anchorId: string; children: ReactNode }) {
  const hydrating = useHydrating();
  if (hydrating && typeof document !== 'undefined' && !gates.has(anchorId)) {
    const element = document.getElementById(anchorId);
    if (element && !nearScreen(element)) gates.set(anchorId, seen(anchorId, element));
  }
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    const gate = gates.get(anchorId);
    if (!gate || !waiting.has(anchorId)) return;
    let live = true;
    void gate.then(() => live && setOpened((n) => n + 1));
    return () => {
      live = false;
    };
  }, [anchorId]);
  return (
    <Boundary anchorId={anchorId} opened={opened}>
      {children}
    </Boundary>
  );
}

interface BoundaryProps {
  anchorId: string;
  opened: number;
  children: ReactNode;
}

const Boundary = memo(
  function Boundary({ anchorId, children }: BoundaryProps) {
    return (
      <Suspense fallback={null}>
        <Gate anchorId={anchorId}>{children}</Gate>
      </Suspense>
    );
  },
  (before, after) =>
    before.anchorId === after.anchorId &&
    before.opened === after.opened &&
    (waiting.has(after.anchorId) || before.children === after.children),
);

const noSubscribe = () => () => {};
/** true on the server and while hydrating (React uses the server snapshot then), false afterwards */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscribe,
    () => false,
    () => true,
  );

const gates = new Map<string, Promise<void>>();
/** the anchors whose gate has not opened yet */
const waiting = new Set<string>();
/** how near the screen (px) a part becomes live: a flick of the thumb ahead */
const MARGIN = 300;
let interaction: Promise<void> | undefined;

function Gate({ anchorId, children }: { anchorId: string; children: ReactNode }) {
  const hydrating = useHydrating();
  const gate = gates.get(anchorId);
  if (hydrating && gate && waiting.has(anchorId)) use(gate);
  return children;
}

function nearScreen(element: Element) {
  const rect = element.getBoundingClientRect();
  return rect.bottom > -MARGIN && rect.top < window.innerHeight + MARGIN;
}

function firstInteraction(): Promise<void> {
  interaction ??= new Promise((resolve) => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const done = () => {
      for (const type of events) document.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of events) document.addEventListener(type, done, { capture: true, passive: true });
  });
  return interaction;
}

function seen(anchorId: string, element: Element): Promise<void> {
  waiting.add(anchorId);
  return new Promise((resolve) => {
    const open = () => {
      observer?.disconnect();
      waiting.delete(anchorId);
      resolve();
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), { rootMargin: `${MARGIN}px 0px` });
    if (observer) observer.observe(element);
    else open();
    void firstInteraction().then(open);
  });
}
