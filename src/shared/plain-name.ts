import { z } from 'zod';

/**
 * Characters a name others read must not hold: control characters (C0, DEL, C1), which show as
 * nothing or as boxes, and the embeddings, overrides and isolates that reorder the text around
 * them (a name ending in U+202E turns the rest of a line backwards). The app isolates each name
 * it shows by itself (src/shared/bidi.ts), so a name never needs its own.
 */
const NOT_IN_A_NAME = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** A trimmed name of `min` to `max` characters, without control or direction-override characters. */
export function plainName(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !NOT_IN_A_NAME.test(value), { message: 'validation.nameCharacters' });
}
