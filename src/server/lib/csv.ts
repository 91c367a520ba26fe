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

/**
 * A CSV download as a stream: the header, then each chunk of lines as the generator reads it (a page of
 * rows at a time), so a long export is never held whole; a download given up stops the reading.
 */
export function csvStream(header: string, chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(header));
        return;
      }
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
