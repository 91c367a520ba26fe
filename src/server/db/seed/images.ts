/**
 * Demo pictures: flat SVG illustrations (gradient, soft shapes, a pictogram per category) rendered
 * by sharp into the same small / medium / large WebP renditions `storeImage` writes.
 */
import crypto from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_SIZES } from '../../../shared/media';
import { mediaDir, renditionPath, RENDITION_WIDTH } from '../../lib/media';
import type { Random } from './random';

export interface Palette {
  from: string;
  to: string;
  accent: string;
}

export const PALETTES: Record<string, Palette> = {
  terracotta: { from: '#e76f51', to: '#f4a261', accent: '#264653' },
  teal: { from: '#2a9d8f', to: '#264653', accent: '#e9c46a' },
  plum: { from: '#6d597a', to: '#355070', accent: '#eaac8b' },
  saffron: { from: '#f6bd60', to: '#f28482', accent: '#84a59d' },
  forest: { from: '#386641', to: '#6a994e', accent: '#f2e8cf' },
  ocean: { from: '#0077b6', to: '#023e8a', accent: '#90e0ef' },
  rose: { from: '#b5838d', to: '#6d6875', accent: '#ffcdb2' },
  midnight: { from: '#22223b', to: '#4a4e69', accent: '#c9ada7' },
  olive: { from: '#606c38', to: '#283618', accent: '#dda15e' },
  coral: { from: '#ff7b54', to: '#ffb26b', accent: '#5b4b49' },
  indigo: { from: '#3d348b', to: '#7678ed', accent: '#f7b801' },
  sand: { from: '#d4a373', to: '#a98467', accent: '#fefae0' },
  berry: { from: '#8e3b46', to: '#c1666b', accent: '#e1dd8f' },
  mint: { from: '#52b788', to: '#2d6a4f', accent: '#d8f3dc' },
};

export type PaletteKey = keyof typeof PALETTES;

/** A pictogram drawn in a 200 x 200 box centred on the origin; `ink` is the colour behind it. */
type Pictogram = (ink: string) => string;

const W = '#ffffff';
const glyph =
  (char: string, size = 150, family = 'DejaVu Sans'): Pictogram =>
  () =>
    `<text x="0" y="${Math.round(size * 0.36)}" font-family="${family}" font-size="${size}" text-anchor="middle" fill="${W}">${char}</text>`;

export const PICTOGRAMS = {
  cup: glyph('☕', 170),
  music: glyph('♫', 170),
  scissors: glyph('✂', 170),
  gear: glyph('⚙', 170),
  flower: glyph('✿', 170),
  star: glyph('★', 160),
  keyboard: glyph('⌨', 170),
  flag: glyph('⚑', 160),
  tent: glyph('⛺', 160),
  pencil: glyph('✎', 160),
  code: glyph('&lt;/&gt;', 110, 'DejaVu Sans Mono'),
  plate: () =>
    `<circle r="62" fill="none" stroke="${W}" stroke-width="12"/><circle r="38" fill="${W}" fill-opacity="0.35"/>` +
    `<path d="M-95,-60 V-15 M-105,-60 V-30 Q-105,-15 -95,-15 Q-85,-15 -85,-30 V-60 M-95,-15 V65" stroke="${W}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M95,65 V-60 Q112,-40 108,5 H95" stroke="${W}" stroke-width="7" fill="${W}" stroke-linejoin="round" stroke-linecap="round"/>`,
  loaf: (ink) =>
    `<path d="M-90,35 C-90,-50 90,-50 90,35 Z" fill="${W}"/><rect x="-90" y="20" width="180" height="32" rx="14" fill="${W}"/>` +
    `<path d="M-45,-12 L-25,12 M-5,-22 L15,2 M35,-12 L55,12" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`,
  wine: () =>
    `<path d="M-42,-85 H42 C44,-20 22,8 0,10 C-22,8 -44,-20 -42,-85 Z" fill="${W}"/><rect x="-5" y="8" width="10" height="58" fill="${W}"/>` +
    `<rect x="-38" y="62" width="76" height="11" rx="5" fill="${W}"/>`,
  bag: () =>
    `<rect x="-72" y="-35" width="144" height="118" rx="16" fill="${W}"/><path d="M-36,-35 V-52 A36,36 0 0 1 36,-52 V-35" fill="none" stroke="${W}" stroke-width="12"/>`,
  book: () =>
    `<path d="M-4,-52 C-32,-72 -72,-72 -98,-60 V62 C-72,52 -32,52 -4,72 Z" fill="${W}"/>` +
    `<path d="M4,-52 C32,-72 72,-72 98,-60 V62 C72,52 32,52 4,72 Z" fill="${W}" fill-opacity="0.8"/>`,
  vase: () => `<path d="M-30,-82 H30 V-62 C72,-32 76,40 42,82 H-42 C-76,40 -72,-32 -30,-62 Z" fill="${W}"/>`,
  perfume: (ink) =>
    `<rect x="-62" y="-22" width="124" height="104" rx="22" fill="${W}"/><rect x="-18" y="-56" width="36" height="36" fill="${W}"/>` +
    `<rect x="-34" y="-84" width="68" height="28" rx="7" fill="${W}"/><circle cx="0" cy="30" r="24" fill="${ink}" fill-opacity="0.45"/>`,
  bicycle: () =>
    `<g fill="none" stroke="${W}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round">` +
    `<circle cx="-58" cy="32" r="40"/><circle cx="58" cy="32" r="40"/>` +
    `<path d="M-58,32 L-18,-30 H40 L58,32 M-18,-30 L2,32 L40,-30 M-30,-48 H-6 M40,-30 L34,-52 H56"/></g>`,
  dumbbell: () =>
    `<rect x="-62" y="-9" width="124" height="18" rx="4" fill="${W}"/><rect x="-92" y="-48" width="30" height="96" rx="8" fill="${W}"/>` +
    `<rect x="62" y="-48" width="30" height="96" rx="8" fill="${W}"/><rect x="-108" y="-28" width="16" height="56" rx="5" fill="${W}"/>` +
    `<rect x="92" y="-28" width="16" height="56" rx="5" fill="${W}"/>`,
  laptop: () =>
    `<rect x="-72" y="-60" width="144" height="96" rx="9" fill="none" stroke="${W}" stroke-width="11"/>` +
    `<path d="M-100,46 H100 L88,64 H-88 Z" fill="${W}"/>`,
  camera: (ink) =>
    `<rect x="-90" y="-45" width="180" height="115" rx="18" fill="${W}"/><rect x="-32" y="-68" width="64" height="28" rx="7" fill="${W}"/>` +
    `<circle cx="0" cy="12" r="40" fill="${ink}"/><circle cx="0" cy="12" r="24" fill="${W}" fill-opacity="0.7"/>`,
  hanger: () =>
    `<path d="M0,-38 V-52 C0,-60 20,-64 20,-78 A20,20 0 1 0 -20,-78 M0,-38 L-95,34 H95 Z" fill="none" stroke="${W}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>`,
  chip: (ink) =>
    `<g stroke="${W}" stroke-width="9" stroke-linecap="round"><path d="M-30,-80 V-55 M0,-80 V-55 M30,-80 V-55 M-30,55 V80 M0,55 V80 M30,55 V80 M-80,-30 H-55 M-80,0 H-55 M-80,30 H-55 M55,-30 H80 M55,0 H80 M55,30 H80"/></g>` +
    `<rect x="-56" y="-56" width="112" height="112" rx="12" fill="${W}"/><rect x="-26" y="-26" width="52" height="52" rx="6" fill="${ink}" fill-opacity="0.5"/>`,
  ticket: (ink) =>
    `<path d="M-98,-52 H98 V-16 A16,16 0 0 0 98,16 V52 H-98 V16 A16,16 0 0 0 -98,-16 Z" fill="${W}"/>` +
    `<path d="M42,-44 V44" stroke="${ink}" stroke-width="5" stroke-dasharray="9 9"/>`,
  mask: (ink) =>
    `<path d="M-72,-62 H72 V0 C72,46 36,78 0,78 C-36,78 -72,46 -72,0 Z" fill="${W}"/>` +
    `<ellipse cx="-30" cy="-16" rx="17" ry="11" fill="${ink}"/><ellipse cx="30" cy="-16" rx="17" ry="11" fill="${ink}"/>` +
    `<path d="M-36,24 Q0,56 36,24" stroke="${ink}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  calendar: (ink) =>
    `<rect x="-78" y="-62" width="156" height="140" rx="16" fill="${W}"/><rect x="-78" y="-62" width="156" height="38" rx="16" fill="${ink}" fill-opacity="0.35"/>` +
    `<path d="M-40,-80 V-48 M40,-80 V-48" stroke="${W}" stroke-width="11" stroke-linecap="round"/>` +
    [-45, 0, 45]
      .flatMap((x) =>
        [0, 40].map((y) => `<rect x="${x - 14}" y="${y - 8}" width="28" height="24" rx="5" fill="${ink}" fill-opacity="0.55"/>`),
      )
      .join(''),
  bubble: (ink) =>
    `<path d="M-84,-62 H84 A16,16 0 0 1 100,-46 V30 A16,16 0 0 1 84,46 H-18 L-56,82 V46 H-84 A16,16 0 0 1 -100,30 V-46 A16,16 0 0 1 -84,-62 Z" fill="${W}"/>` +
    [-40, 0, 40].map((x) => `<circle cx="${x}" cy="-8" r="11" fill="${ink}"/>`).join(''),
  pin: (ink) =>
    `<path d="M0,88 C-40,38 -66,6 -66,-24 A66,66 0 0 1 66,-24 C66,6 40,38 0,88 Z" fill="${W}"/><circle cy="-24" r="26" fill="${ink}"/>`,
  megaphone: () =>
    `<path d="M-78,-22 L42,-72 V72 L-78,22 Z" fill="${W}"/><rect x="-96" y="-26" width="26" height="52" rx="7" fill="${W}"/>` +
    `<path d="M-62,20 L-46,72 H-22 L-36,16 Z" fill="${W}"/><path d="M64,-32 Q90,0 64,32" stroke="${W}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  news: (ink) =>
    `<rect x="-82" y="-68" width="164" height="136" rx="12" fill="${W}"/><rect x="-62" y="-48" width="58" height="50" rx="5" fill="${ink}" fill-opacity="0.5"/>` +
    `<path d="M12,-42 H62 M12,-18 H62 M-62,22 H62 M-62,46 H40" stroke="${ink}" stroke-opacity="0.55" stroke-width="9" stroke-linecap="round"/>`,
  medal: (ink) =>
    `<path d="M-40,-90 L-8,-20 M40,-90 L8,-20" stroke="${W}" stroke-width="16" stroke-linecap="round"/>` +
    `<circle cy="30" r="58" fill="${W}"/><circle cy="30" r="36" fill="${ink}" fill-opacity="0.4"/>`,
} satisfies Record<string, Pictogram>;

export type PictogramKey = keyof typeof PICTOGRAMS;

export type Layout = 'firm' | 'event' | 'blog' | 'product' | 'dish' | 'drink' | 'avatar';

export interface PictureSpec {
  layout: Layout;
  palette: PaletteKey;
  pictogram?: PictogramKey;
  /** avatars: the initials */
  initials?: string;
  /** 0..1 values drawn from the seed's PRNG, so each picture differs */
  variation: number[];
}

/** Source sizes: large enough for the large rendition to look sharp in the image modal, small enough to seed fast. */
export const SOURCE_SIZE: Record<Layout, { width: number; height: number }> = {
  firm: { width: 960, height: 600 },
  event: { width: 960, height: 600 },
  blog: { width: 960, height: 600 },
  product: { width: 560, height: 560 },
  dish: { width: 560, height: 560 },
  drink: { width: 560, height: 560 },
  avatar: { width: 320, height: 320 },
};

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => Number.parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => Number.parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((c, i) =>
      Math.round(c + (pb[i]! - c) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The placeholder colour shown while the picture loads: the middle of its background. */
export function dominantColor(spec: PictureSpec): string {
  const p = PALETTES[spec.palette]!;
  if (spec.layout === 'dish' || spec.layout === 'drink') return mix(p.accent, '#ffffff', 0.55);
  return mix(p.from, p.to, 0.5);
}

function background(id: string, p: Palette, v: number[], w: number, h: number): string {
  const angle = Math.round(v[0]! * 360);
  return (
    `<defs><linearGradient id="${id}" gradientUnits="objectBoundingBox" gradientTransform="rotate(${angle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id})"/>`
  );
}

function dots(x: number, y: number, cols: number, rows: number, gap: number, color: string): string {
  let out = '';
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out += `<circle cx="${x + c * gap}" cy="${y + r * gap}" r="5"/>`;
  return `<g fill="${color}" fill-opacity="0.35">${out}</g>`;
}

function pictogram(spec: PictureSpec, ink: string, cx: number, cy: number, scale: number): string {
  const draw = PICTOGRAMS[spec.pictogram ?? 'star'];
  return `<g transform="translate(${cx} ${cy}) scale(${scale})">${draw(ink)}</g>`;
}

/** The SVG source of one picture, in a viewBox of its layout's size. */
export function composeSvg(spec: PictureSpec): string {
  const { width: w, height: h } = SOURCE_SIZE[spec.layout];
  const p = PALETTES[spec.palette]!;
  const v = spec.variation;
  const body: string[] = [];
  switch (spec.layout) {
    case 'firm': {
      body.push(background('g', p, v, w, h));
      body.push(
        `<circle cx="${w * (0.75 + v[1]! * 0.2)}" cy="${h * (0.1 + v[2]! * 0.2)}" r="${h * 0.55}" fill="#ffffff" fill-opacity="0.10"/>`,
      );
      body.push(`<circle cx="${w * (0.05 + v[3]! * 0.15)}" cy="${h * 0.95}" r="${h * 0.42}" fill="${p.accent}" fill-opacity="0.22"/>`);
      body.push(
        `<path d="M0,${h * 0.78} C${w * 0.3},${h * (0.66 + v[4]! * 0.1)} ${w * 0.6},${h * 0.92} ${w},${h * (0.74 + v[5]! * 0.1)} V${h} H0 Z" fill="${p.accent}" fill-opacity="0.28"/>`,
      );
      body.push(dots(w * 0.07, h * 0.1, 5, 4, 34, '#ffffff'));
      body.push(
        `<circle cx="${w / 2}" cy="${h * 0.46}" r="${h * 0.27}" fill="#ffffff" fill-opacity="0.16" stroke="#ffffff" stroke-opacity="0.55" stroke-width="5"/>`,
      );
      body.push(pictogram(spec, p.from, w / 2, h * 0.46, h / 500));
      break;
    }
    case 'event': {
      body.push(background('g', p, v, w, h));
      const cx = w * (0.3 + v[1]! * 0.4);
      const cy = h * 0.5;
      const rays = 18;
      let fan = '';
      for (let i = 0; i < rays; i += 2) {
        const a0 = (i / rays) * Math.PI * 2;
        const a1 = ((i + 1) / rays) * Math.PI * 2;
        const R = w;
        fan += `<path d="M${cx},${cy} L${cx + Math.cos(a0) * R},${cy + Math.sin(a0) * R} L${cx + Math.cos(a1) * R},${cy + Math.sin(a1) * R} Z"/>`;
      }
      body.push(`<g fill="#ffffff" fill-opacity="0.07">${fan}</g>`);
      body.push(`<circle cx="${cx}" cy="${cy}" r="${h * 0.36}" fill="${p.accent}" fill-opacity="0.30"/>`);
      body.push(`<circle cx="${cx}" cy="${cy}" r="${h * 0.25}" fill="#ffffff" fill-opacity="0.18"/>`);
      body.push(`<rect x="0" y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="${p.accent}" fill-opacity="0.35"/>`);
      for (let i = 0; i < 7; i++) {
        const x = ((i + v[2]!) / 7) * w;
        body.push(
          `<circle cx="${x}" cy="${h * (0.12 + ((i * 37) % 10) / 40)}" r="${6 + (i % 3) * 4}" fill="#ffffff" fill-opacity="0.45"/>`,
        );
      }
      body.push(pictogram(spec, p.from, cx, cy, h / 470));
      break;
    }
    case 'blog': {
      body.push(`<rect width="${w}" height="${h}" fill="${mix(p.accent, '#ffffff', 0.35)}"/>`);
      body.push(
        `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`,
      );
      const split = 0.52 + v[1]! * 0.12;
      body.push(`<path d="M0,0 H${w * split} L${w * (split - 0.16)},${h} H0 Z" fill="url(#b)"/>`);
      const rx = w * (0.78 + v[2]! * 0.08);
      const ry = h * (0.42 + v[3]! * 0.16);
      for (let i = 4; i >= 1; i--) {
        body.push(
          `<circle cx="${rx}" cy="${ry}" r="${h * 0.075 * i}" fill="none" stroke="${p.from}" stroke-opacity="${0.12 + 0.08 * (4 - i)}" stroke-width="${h * 0.022}"/>`,
        );
      }
      body.push(`<circle cx="${rx}" cy="${ry}" r="${h * 0.045}" fill="${p.to}" fill-opacity="0.6"/>`);
      body.push(dots(w * 0.72, h * 0.1, 6, 2, 30, p.to));
      body.push(pictogram(spec, p.from, w * 0.27, h * 0.5, h / 600));
      break;
    }
    case 'product': {
      const bg = mix(p.accent, '#ffffff', 0.5);
      body.push(`<rect width="${w}" height="${h}" fill="${bg}"/>`);
      body.push(`<circle cx="${w * (0.2 + v[1]! * 0.6)}" cy="${h * 0.15}" r="${w * 0.32}" fill="${p.to}" fill-opacity="0.12"/>`);
      body.push(`<ellipse cx="${w / 2}" cy="${h * 0.8}" rx="${w * 0.3}" ry="${h * 0.05}" fill="#000000" fill-opacity="0.10"/>`);
      body.push(
        `<defs><linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`,
      );
      body.push(`<rect x="${w * 0.22}" y="${h * 0.2}" width="${w * 0.56}" height="${h * 0.56}" rx="${w * 0.08}" fill="url(#c)"/>`);
      body.push(pictogram(spec, p.from, w / 2, h * 0.48, w / 560));
      break;
    }
    case 'dish': {
      const table = mix(p.accent, '#ffffff', 0.55);
      body.push(`<rect width="${w}" height="${h}" fill="${table}"/>`);
      body.push(`<rect x="0" y="${h * (0.06 + v[1]! * 0.1)}" width="${w}" height="${h * 0.08}" fill="${p.to}" fill-opacity="0.12"/>`);
      body.push(`<circle cx="${w * 0.5 + 10}" cy="${h * 0.52 + 14}" r="${w * 0.36}" fill="#000000" fill-opacity="0.08"/>`);
      body.push(`<circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.36}" fill="#ffffff"/>`);
      body.push(`<circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.27}" fill="#f4f1ea"/>`);
      const colors = [p.from, p.to, p.accent, mix(p.from, '#ffffff', 0.3)];
      for (let i = 0; i < 6; i++) {
        const a = (i / 6) * Math.PI * 2 + v[2]! * 6;
        const d = w * (0.06 + ((i * 13) % 5) * 0.025);
        body.push(
          `<circle cx="${w / 2 + Math.cos(a) * d}" cy="${h / 2 + Math.sin(a) * d}" r="${w * (0.07 + ((i * 7) % 4) * 0.015)}" fill="${colors[i % colors.length]}" fill-opacity="0.9"/>`,
        );
      }
      for (let i = 0; i < 9; i++) {
        const a = i * 2.4 + v[3]! * 3;
        const d = w * 0.05 + i * w * 0.012;
        body.push(`<circle cx="${w / 2 + Math.cos(a) * d}" cy="${h / 2 + Math.sin(a) * d}" r="${w * 0.012}" fill="#4a7c59"/>`);
      }
      body.push(`<rect x="${w * 0.06}" y="${h * 0.3}" width="${w * 0.025}" height="${h * 0.4}" rx="${w * 0.012}" fill="#c9c2b5"/>`);
      body.push(`<rect x="${w * 0.915}" y="${h * 0.3}" width="${w * 0.025}" height="${h * 0.4}" rx="${w * 0.012}" fill="#c9c2b5"/>`);
      break;
    }
    case 'drink': {
      const table = mix(p.accent, '#ffffff', 0.55);
      body.push(`<rect width="${w}" height="${h}" fill="${table}"/>`);
      body.push(`<circle cx="${w * (0.15 + v[1]! * 0.2)}" cy="${h * 0.2}" r="${w * 0.22}" fill="${p.from}" fill-opacity="0.12"/>`);
      body.push(`<ellipse cx="${w / 2}" cy="${h * 0.78}" rx="${w * 0.3}" ry="${h * 0.06}" fill="#000000" fill-opacity="0.08"/>`);
      body.push(`<circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.3}" fill="${p.from}"/>`);
      body.push(pictogram(spec, p.from, w / 2, h / 2, w / 520));
      break;
    }
    case 'avatar': {
      body.push(background('a', p, v, w, h));
      body.push(`<circle cx="${w * 0.85}" cy="${h * 0.15}" r="${w * 0.35}" fill="#ffffff" fill-opacity="0.12"/>`);
      body.push(
        `<text x="${w / 2}" y="${h * 0.62}" font-family="DejaVu Sans" font-weight="bold" font-size="${w * 0.36}" text-anchor="middle" fill="#ffffff">${spec.initials ?? ''}</text>`,
      );
      break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body.join('')}</svg>`;
}

export function variation(random: Random): number[] {
  return Array.from({ length: 6 }, () => random.next());
}

/** Quality as in `storeImage`; a lower effort than uploads, since flat shapes compress well anyway. */
const QUALITY = { small: 60, medium: 72, large: 72 } as const;
const EFFORT = 2;

export interface RenderedImage {
  id: string;
  width: number;
  height: number;
  color: string;
}

/**
 * Where rendered pictures are kept between seedings (the same SVG always gives the same files):
 * `node_modules/.cache/souk-seed` of the working folder, when there is a node_modules there.
 * A fresh `npm ci` empties it; SEED_IMAGE_CACHE=off turns it off, or names another folder.
 */
export function defaultCacheDir(): string | undefined {
  const setting = process.env.SEED_IMAGE_CACHE;
  if (setting === 'off' || setting === '0') return undefined;
  if (setting) return setting;
  const modules = path.join(process.cwd(), 'node_modules');
  return existsSync(modules) ? path.join(modules, '.cache', 'souk-seed') : undefined;
}

function cacheKey(svg: string, width: number, height: number): string {
  const recipe = JSON.stringify({ v: 1, sharp: sharp.versions, QUALITY, EFFORT, RENDITION_WIDTH, width, height });
  return crypto.createHash('sha256').update(recipe).update(svg).digest('hex').slice(0, 32);
}

async function fromCache(cacheDir: string, key: string, dataDir: string, id: string): Promise<boolean> {
  try {
    await Promise.all(IMAGE_SIZES.map((size) => fs.copyFile(path.join(cacheDir, `${key}-${size}.webp`), renditionPath(dataDir, id, size))));
    return true;
  } catch {
    return false;
  }
}

async function toCache(cacheDir: string, key: string, dataDir: string, id: string): Promise<void> {
  try {
    await fs.mkdir(cacheDir, { recursive: true });
    for (const size of IMAGE_SIZES) {
      const target = path.join(cacheDir, `${key}-${size}.webp`);
      const partial = `${target}.${process.pid}.tmp`;
      await fs.copyFile(renditionPath(dataDir, id, size), partial);
      await fs.rename(partial, target);
    }
  } catch {
    // a cache that cannot be written only costs time on the next seeding
  }
}

/** Renders one picture once (or copies it from the cache) and writes its three renditions. */
export async function renderPicture(dataDir: string, id: string, spec: PictureSpec, cacheDir?: string): Promise<RenderedImage> {
  const svg = composeSvg(spec);
  const { width: sourceWidth, height: sourceHeight } = SOURCE_SIZE[spec.layout];
  const result = { id, width: sourceWidth, height: sourceHeight, color: dominantColor(spec) };
  const key = cacheDir ? cacheKey(svg, sourceWidth, sourceHeight) : '';
  if (cacheDir && (await fromCache(cacheDir, key, dataDir, id))) return result;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  let previous: { width: number; quality: number; file: string } | undefined;
  for (const size of IMAGE_SIZES) {
    const width = Math.min(RENDITION_WIDTH[size], info.width);
    const file = renditionPath(dataDir, id, size);
    if (previous && previous.width === width && previous.quality === QUALITY[size]) {
      await fs.copyFile(previous.file, file);
      continue;
    }
    const pipeline = sharp(data, raw);
    if (width !== info.width) pipeline.resize({ width });
    await pipeline.webp({ quality: QUALITY[size], effort: EFFORT }).toFile(file);
    previous = { width, quality: QUALITY[size], file };
  }
  if (cacheDir) await toCache(cacheDir, key, dataDir, id);
  return result;
}

/** Renders every picture, a few at a time (sharp works on libuv's thread pool). */
export async function renderAll(
  dataDir: string,
  jobs: { id: string; spec: PictureSpec }[],
  options: { concurrency?: number; cacheDir?: string } = {},
): Promise<RenderedImage[]> {
  await fs.mkdir(mediaDir(dataDir), { recursive: true });
  const results: RenderedImage[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index]!;
      results[index] = await renderPicture(dataDir, job.id, job.spec, options.cacheDir);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, jobs.length) }, worker));
  return results;
}
