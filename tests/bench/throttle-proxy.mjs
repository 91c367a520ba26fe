// A throttling HTTP forward proxy: Chromium points at it with --proxy-server, so every byte the
// page AND its service worker fetch crosses one shared link with the given bandwidth and latency
// (CDP network emulation does not reach the service worker). It also counts the requests that
// reach the origin, which is how the offline repeat proves it made none.
import http from 'node:http';

/**
 * @param {{ kbps?: number, latencyMs?: number }} options  link speed (both directions) and round trip
 */
export function startThrottleProxy({ kbps = 400, latencyMs = 400 } = {}) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  // One link shared by everything: the time at which the downlink (or uplink) is free again.
  const link = { down: 0, up: 0 };
  const counts = { requests: 0, bytesDown: 0, log: [] };
  // Off while the harness only prepares a state (the service worker's install), on for measuring.
  const state = { throttled: true };

  /** Resolves when `bytes` have crossed the link in the given direction. */
  function transmit(direction, bytes) {
    if (!state.throttled) return Promise.resolve();
    const now = performance.now();
    const start = Math.max(now, link[direction]);
    link[direction] = start + bytes / bytesPerMs;
    const wait = link[direction] - now;
    return wait > 1 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
  }
  const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  const server = http.createServer(async (req, res) => {
    let target;
    try {
      target = new URL(req.url);
    } catch {
      res.writeHead(400).end('absolute URL expected (this is a proxy)');
      return;
    }
    counts.requests++;
    counts.log.push(`${req.method} ${target.href}`);
    const body = [];
    for await (const chunk of req) body.push(chunk);
    const requestBytes = Buffer.concat(body);
    const headerBytes = Object.entries(req.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 40);
    // half a round trip out, the request's bytes on the uplink
    await Promise.all([delay(state.throttled ? latencyMs / 2 : 0), transmit('up', headerBytes + requestBytes.length)]);
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    const upstream = http.request(
      { host: target.hostname, port: target.port || 80, method: req.method, path: target.pathname + target.search, headers },
      async (upstreamResponse) => {
        // half a round trip back before the first byte
        await delay(state.throttled ? latencyMs / 2 : 0);
        const responseHeaders = { ...upstreamResponse.headers };
        await transmit(
          'down',
          Object.entries(responseHeaders).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 20),
        );
        res.writeHead(upstreamResponse.statusCode ?? 502, responseHeaders);
        try {
          for await (const chunk of upstreamResponse) {
            // send in slices so bandwidth is shared fairly between parallel responses
            for (let offset = 0; offset < chunk.length; offset += 1460) {
              const slice = chunk.subarray(offset, offset + 1460);
              await transmit('down', slice.length);
              counts.bytesDown += slice.length;
              if (!res.write(slice)) await new Promise((resolve) => res.once('drain', resolve));
            }
          }
        } catch {
          // the server went away in the middle of a response: a signed-in page's live stream when the run ends
        }
        res.end();
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
    upstream.end(requestBytes);
  });
  // Opening a connection costs a round trip too.
  server.on('connection', (socket) => {
    if (!state.throttled) return;
    socket.pause();
    setTimeout(() => socket.resume(), latencyMs);
  });

  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        port,
        counts,
        setThrottled(on) {
          state.throttled = on;
        },
        reset() {
          counts.requests = 0;
          counts.bytesDown = 0;
          counts.log = [];
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
