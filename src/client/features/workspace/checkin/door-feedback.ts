import type { VerdictKind } from './door-decision';

/**
 * A sound and a vibration per answer, so the staff need not read the screen in a queue: one high
 * short tone to admit, two low ones to refuse.
 */
let audio: AudioContext | undefined;

function tone(context: AudioContext, frequency: number, start: number, length: number) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.2, context.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + start + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(context.currentTime + start);
  oscillator.stop(context.currentTime + start + length);
}

export function signal(kind: VerdictKind): void {
  const admitted = kind === 'admitted';
  try {
    audio ??= new AudioContext();
    if (admitted) tone(audio, 1320, 0, 0.15);
    else {
      tone(audio, 220, 0, 0.18);
      tone(audio, 220, 0.25, 0.18);
    }
  } catch {
    // no audio on this device: the colour and the vibration remain
  }
  navigator.vibrate?.(admitted ? 80 : [200, 100, 200]);
}
