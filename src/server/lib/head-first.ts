import zlib from 'node:zlib';
import type { AppDeps } from '../app-deps';
import type { PageEncoding } from './static-files';

type Render = NonNullable<AppDeps['render']>;
interface Page {
  status: number;
  html: string;
}

/**
 * A render answered head-first: 'streamed' when the renderer sent the start of the page
 * (charset, viewport, the routes' head with the hero's preload) before rendering the body. Its
 * `body` carries that start at once, flushed through the compressor, and the rest when the render
 * is done; `page` is the whole page then (for the HTML cache), or null when the render failed after
 * the start: the body was finished with the client shell's rest, so the visitor gets the page
 * rendered in the browser, never half a page. 'whole': the renderer finished (or declined: null)
 * without sending a start.
 */
export type HeadFirst =
  { kind: 'streamed'; status: number; body: ReadableStream<Uint8Array>; page: Promise<Page | null> } | { kind: 'whole'; page: Page | null };

export interface HeadFirstOptions {
  /** the encoding the client accepts (static-files.ts pageEncoding) */
  encoding: PageEncoding | undefined;
  /** what finishes the document when the render fails after its start (shellRest()) */
  fallback: string;
  /** told of a render that failed after its start */
  onError: (error: unknown) => void;
}

export async function renderHeadFirst(render: Render, request: Request, nonce: string, options: HeadFirstOptions): Promise<HeadFirst> {
  let output: PageStream | undefined;
  let sendStart!: (start: Page) => void;
  const started = new Promise<Page>((resolve) => (sendStart = resolve));
  const rendering = render(request, nonce, (start) => {
    output = pageStream(options.encoding);
    sendStart(start);
    return output.start(start.html);
  });
  const first = await Promise.race([started, rendering.then((page) => ({ whole: page }))]);
  if ('whole' in first) return { kind: 'whole', page: first.whole };
  const stream = output!;
  const page = rendering
    .then((result) => {
      if (!result || !result.html.startsWith(first.html)) throw new Error('the render did not finish the page it started');
      stream.end(result.html.slice(first.html.length));
      return result;
    })
    .catch((error: unknown) => {
      options.onError(error);
      stream.end(options.fallback);
      return null;
    });
  return { kind: 'streamed', status: first.status, body: stream.body, page };
}

/**
 * The client shell (the built index.html) after its title: what finishes a document whose start
 * was sent when its render then failed. Its stylesheet and entry script load, the empty root is
 * rendered by the client, as for any page the server does not render. The start already has the
 * routes' description when they gave one, so the shell's is left out.
 */
export function shellRest(shellHtml: string): string {
  const end = shellHtml.indexOf('</title>');
  return end === -1 ? shellHtml : shellHtml.slice(end + '</title>'.length).replace(/<meta name="description"[^>]*>\s*/, '');
}

interface PageStream {
  body: ReadableStream<Uint8Array>;
  /** writes the start and flushes it through the compressor; resolves once it is on its way */
  start(text: string): Promise<void>;
  end(text: string): void;
}

const encoder = new TextEncoder();

/** The response body, compressed as it is written (brotli q5 / gzip 6, as compressPage does for a whole page). */
function pageStream(encoding: PageEncoding | undefined): PageStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? zlib.createGzip({ level: 6 })
        : undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    // the visitor went away
    cancel: () => {
      closed = true;
      compressor?.destroy();
    },
  });
  const enqueue = (chunk: Uint8Array) => {
    if (!closed) controller.enqueue(chunk);
  };
  const close = () => {
    if (closed) return;
    closed = true;
    controller.close();
  };
  if (compressor) {
    compressor.on('data', (chunk: Buffer) => enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
    compressor.on('end', close);
    compressor.on('error', (error) => {
      if (closed) return;
      closed = true;
      controller.error(error);
    });
  }
  return {
    body,
    async start(text) {
      if (compressor) {
        compressor.write(text);
        // without a flush the compressor keeps the start until it has more: it would leave with the body
        await new Promise<void>((resolve) =>
          compressor.flush(encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH, () => resolve()),
        );
      } else enqueue(encoder.encode(text));
      // one turn of the event loop: the response writer takes the chunk to the socket before the
      // render holds the thread (renderToString is synchronous)
      await new Promise((resolve) => setImmediate(resolve));
    },
    end(text) {
      if (closed) return;
      if (compressor) compressor.end(text);
      else {
        enqueue(encoder.encode(text));
        close();
      }
    },
  };
}
