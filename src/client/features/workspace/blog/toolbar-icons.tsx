/**
 * The editor toolbar's glyphs, drawn here rather than taken from the icon library: every icon of
 * the library lands in the chunk all public pages share (vite.config.ts PUBLIC_UI), while these
 * stay in the editor's lazy chunk with Tiptap.
 */
const svg = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function TextGlyph({ children, italic, bold = true }: { children: string; italic?: boolean; bold?: boolean }) {
  return (
    <span
      aria-hidden="true"
      style={{ fontWeight: bold ? 800 : 500, fontStyle: italic ? 'italic' : 'normal', fontSize: '0.95rem', fontFamily: 'Georgia, serif' }}
    >
      {children}
    </span>
  );
}

export const BulletsIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" fill="currentColor" />
    <circle cx="4.5" cy="12" r="1" fill="currentColor" />
    <circle cx="4.5" cy="18" r="1" fill="currentColor" />
  </svg>
);

export const NumbersIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M10 6h10M10 12h10M10 18h10" />
    <path d="M4 5l1.5-1v5M3.5 14.5c0-1 .8-1.5 1.5-1.5s1.5.5 1.5 1.3c0 1.2-3 2.2-3 3.7h3" strokeWidth="1.5" />
  </svg>
);

export const QuoteIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M4 18c3 0 5-2 5-5V7H4v6h5M15 18c3 0 5-2 5-5V7h-5v6h5" />
  </svg>
);

export const LinkIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </svg>
);

export const UnlinkIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M15.5 12.5l3.2-3.2a4 4 0 0 0-5.7-5.7L9.8 6.8M8.5 11.5l-3.2 3.2a4 4 0 0 0 5.7 5.7l3.2-3.2M4 4l16 16" />
  </svg>
);

export const PictureIcon = () => (
  <svg {...svg} aria-hidden="true">
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </svg>
);

export const UndoIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M9 14L4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </svg>
);

export const RedoIcon = () => (
  <svg {...svg} aria-hidden="true">
    <path d="M15 14l5-5-5-5" />
    <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </svg>
);
