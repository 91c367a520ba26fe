import crypto from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a reference read aloud or copied by hand stays right. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % 32];
  return out;
}

/** An order's short human reference (tracking identifier): `SK-` and six characters (about a billion). */
export function orderReference(): string {
  return `SK-${base32(crypto.randomBytes(6), 6)}`;
}

/** A ticket's code: 130 random bits in 26 characters, shown as a QR code; unguessable, never reused. */
export function ticketCode(): string {
  const bytes = crypto.randomBytes(26);
  // 5 bits per character from a uniform byte: the low five bits of each byte
  return base32(bytes, 26);
}

/** A code as printed under its QR: groups of four. */
export function groupedCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}
