/**
 * A QR-code-like pattern for the landing illustration. Purely decorative (it encodes nothing):
 * three finder squares and a deterministic scatter of modules.
 */
const SIZE = 21;

function modules(): Array<[number, number]> {
  const cells: Array<[number, number]> = [];
  let state = 0x2f6b1d;
  const inFinder = (x: number, y: number) => (x < 8 && y < 8) || (x >= SIZE - 8 && y < 8) || (x < 8 && y >= SIZE - 8);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      if (inFinder(x, y)) continue;
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      if ((state >> 16) % 100 < 48) cells.push([x, y]);
    }
  }
  return cells;
}

const CELLS = modules();

function Finder({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <rect x={x} y={y} width={7} height={7} rx={1.2} fill="currentColor" />
      <rect x={x + 1} y={y + 1} width={5} height={5} rx={0.8} fill="var(--qr-bg, #fff)" />
      <rect x={x + 2} y={y + 2} width={3} height={3} rx={0.6} fill="currentColor" />
    </g>
  );
}

export function DecorativeQr({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox={`-1 -1 ${SIZE + 2} ${SIZE + 2}`} aria-hidden="true" focusable="false">
      <rect x={-1} y={-1} width={SIZE + 2} height={SIZE + 2} rx={2} fill="var(--qr-bg, #fff)" />
      <Finder x={0} y={0} />
      <Finder x={SIZE - 7} y={0} />
      <Finder x={0} y={SIZE - 7} />
      {CELLS.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x + 0.08} y={y + 0.08} width={0.84} height={0.84} rx={0.2} fill="currentColor" />
      ))}
    </svg>
  );
}
