import { useEffect, useRef, useState } from 'react';
import type { KitchenBoard } from '../../../../shared/kitchen';
import { playChime, unlockChime } from './chime';
import { ticketArrivals } from './new-tickets';

/** this device's choice, kept across visits (a tablet on the pass stays on its board for days) */
const SOUND_KEY = 'souk.kitchen.sound';

function storedSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * The "Sound on" switch and the chime it allows: a tone when a ticket appears that this screen
 * had not shown. `view` names what the board shows (its station): another view starts afresh, so
 * switching station is not an arrival.
 */
export function useNewTicketChime(board: KitchenBoard | undefined, view: string) {
  const [soundOn, setSoundOn] = useState(storedSound);
  const shown = useRef<{ view: string; ids: ReadonlySet<string> } | null>(null);

  useEffect(() => {
    if (!board) return;
    const { shown: ids, arrived } = ticketArrivals(shown.current?.view === view ? shown.current.ids : null, board);
    shown.current = { view, ids };
    if (arrived.length > 0 && soundOn) playChime();
  }, [board, view, soundOn]);

  // left on from an earlier visit: the browser lets the sound play after the next tap on the page
  useEffect(() => {
    if (!soundOn) return;
    window.addEventListener('pointerdown', unlockChime, { once: true });
    return () => window.removeEventListener('pointerdown', unlockChime);
  }, [soundOn]);

  // the switch is a tap: the one moment a browser lets a page start its audio
  const toggleSound = () => {
    const next = !soundOn;
    try {
      localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    } catch {
      // private mode without storage: the choice lasts as long as the page
    }
    if (next) unlockChime();
    setSoundOn(next);
  };

  return { soundOn, toggleSound };
}
