/**
 * The board's chime: two short sine tones made by the Web Audio API (no sound file to load or
 * cache). Browsers keep audio silent until the person taps the page, so `unlockChime` runs inside
 * a tap (the sound switch, or any tap after a reload with the sound left on); until then `playChime`
 * does nothing.
 */
let context: AudioContext | null = null;

export function unlockChime(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
}

const TONES = [
  { hz: 880, at: 0 },
  { hz: 1320, at: 0.18 },
];
const TONE_S = 0.35;

export function playChime(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const tone of TONES) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = tone.hz;
    // a quick rise and a soft fall: no click at either end
    gain.gain.setValueAtTime(0.0001, start + tone.at);
    gain.gain.exponentialRampToValueAtTime(0.3, start + tone.at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.at + TONE_S);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + tone.at);
    oscillator.stop(start + tone.at + TONE_S);
  }
}
