import zlib from 'node:zlib';

/** Images that cost an attacker a few bytes and a server gigabytes: what the image pipeline must refuse cheaply. */

/** The SVG bomb: 123 bytes that ask for 16000 × 16000 pixels. */
export const SVG_BOMB = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="16000" height="16000"><rect width="100%" height="100%" fill="#f00"/></svg>',
);

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, valid 1-bit PNG of `size` × `size` white pixels: a few hundred KB that decode to gigabytes. */
export function pngBomb(size = 16000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(size / 8), 0xff);
  row[0] = 0;
  const deflate = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflate),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
