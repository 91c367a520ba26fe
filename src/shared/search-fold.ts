/**
 * Search folding: "Café" and "cafe", "CRÈME brûlée" and "creme brulee", "قهوة" with or without
 * its vowel marks, all fold to the same text. The database folds the searched columns with the
 * same table (SQLite: this function registered as `souk_fold`; PostgreSQL: the SQL function of
 * migration 0030, generated from FOLD_FROM/FOLD_TO below), so both sides always agree.
 */

/** Letters with diacritics (upper and lower case) and what they fold to, one for one. */
export const FOLD_FROM =
  'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňŉÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżžأإآٱىة';
export const FOLD_TO =
  'aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnnoooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzzاااايه';

/** Arabic vowel marks (tashkeel), the superscript alef and the tatweel: dropped. */
export const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;

const MAP = new Map<string, string>();
for (let i = 0; i < FOLD_FROM.length; i++) MAP.set(FOLD_FROM[i], FOLD_TO[i]);

export function foldForSearch(value: string | null | undefined): string {
  if (!value) return '';
  let out = '';
  for (const ch of value.toLowerCase()) out += MAP.get(ch) ?? ch;
  return out.replace(/œ/g, 'oe').replace(/æ/g, 'ae').replace(/ß/g, 'ss').replace(ARABIC_MARKS, '');
}
