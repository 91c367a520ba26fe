/**
 * CSV for spreadsheets (the sales reports, the attendee list). Each file starts with a byte order
 * mark so spreadsheet programs read Arabic and French text as UTF-8.
 */
export const BOM = '\uFEFF';

/** One CSV line (RFC 4180): a field with a comma, quote or line break is quoted. */
export function csvLine(fields: (string | number)[]): string {
  return `${fields.map((field) => (/[",\r\n]/.test(String(field)) ? `"${String(field).replace(/"/g, '""')}"` : String(field))).join(',')}\r\n`;
}

/**
 * A text typed by a member must stay text in a spreadsheet: one starting with =, +, -, @ or a
 * control character would run as a formula there (CSV injection), so it gets a leading apostrophe.
 */
export const spreadsheetText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
