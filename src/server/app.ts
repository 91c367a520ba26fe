import crypto from 'node:crypto';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { compress } from 'hono/compress';
import type { AppDeps, AppOptions } from './app-deps';
import { createMailer } from './lib/mail';
import { createMemoryRealtime } from './lib/realtime';
import { HttpError, problem } from './lib/errors';
import { contentSecurityPolicy, inlineScriptHashes, sameOriginOnly, securityHeaders } from './lib/security';
import { compressHtml, loadStaticFiles, pageEncoding, staticResponse, type StaticFile } from './lib/static-files';
import { renderHeadFirst, shellRest, type HeadFirst } from './lib/head-first';
import { clearOnWrite, createCacheInvalidation, createResponseCache } from './lib/response-cache';
import { createHtmlCache, htmlCacheKey, htmlCacheResponse, withScriptHashes, type HtmlCacheEntry } from './lib/html-cache';
import { authContext } from './lib/auth-context';
import { renderRequest } from './lib/render-request';
import { createBackgroundWork } from './lib/background';
import { fileSecrets } from './lib/secrets';
import { localStorageOf } from './lib/storage';
import { instanceIdOf } from './lib/env';
import { bodyLimits } from './lib/body-limit';
import { emptyQueryValuesAbsent, refuseNulCharacters } from './lib/text-input';
import { methodNotAllowed, methodsOfPath } from './lib/method-not-allowed';
import { clientAddresses } from './lib/client-address';
import { createRouter, describeApi } from './lib/openapi';
import { createAuthModule } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { iamApi } from './api/iam';
import { userApi } from './api/user';
import { publicApi } from './api/public';
import { dashboardApi } from './api/dashboard';
import { businessApi } from './api/business';
import { docsRoutes } from './api/docs';
import { paymentRoutes } from './modules/payments/payments.routes';
import { adminApi } from './modules/admin/admin.routes';
import { paymentsOf } from './lib/payments';
import { jobsOf } from './lib/jobs';
import { featureFlags } from './lib/feature-flags';
import { createPageViewCounter } from './modules/performance/page-views';
import { tellSellersOfRefusedPayments } from './modules/orders/payment-reconciler';

export function createApp(options: AppOptions) {
  const { logger, env } = options;
  const deps: AppDeps = {
    ...options,
    // through the jobs table: a mail outlives an SMTP server down and this process (lib/mail.ts)
    mail: options.mail ?? createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.dataDir, logger, jobs: jobsOf(options) }),
    realtime: options.realtime ?? createMemoryRealtime(),
    background: options.background ?? createBackgroundWork(logger),
    secrets: options.secrets ?? fileSecrets(env),
    invalidation: options.invalidation ?? createCacheInvalidation(),
    storage: options.storage ?? localStorageOf(env),
    instanceId: options.instanceId ?? instanceIdOf(env),
    features: options.features ?? featureFlags(options.db, env),
    pageViews: options.pageViews ?? createPageViewCounter(options),
  };
  // a switch set on another process reaches this one with the bus's invalidation, else after the TTL
  deps.invalidation.register(deps.features.forget);
  const staticFiles: Map<string, StaticFile> = deps.clientDir ? loadStaticFiles(deps.clientDir) : new Map();
  const shell = staticFiles.get('/index.html');
  const shellScriptHashes = shell ? inlineScriptHashes(shell.raw.toString('utf8')) : [];
  // what finishes a page whose render failed after its start was sent (lib/head-first.ts)
  const shellAfterStart = shell ? shellRest(shell.raw.toString('utf8')) : '';
  // MEDIA_REDIRECT: pictures come from the object store's address
  const imageOrigins = deps.storage.publicOrigin ? [deps.storage.publicOrigin] : [];
  const csp = contentSecurityPolicy(shellScriptHashes, undefined, imageOrigins);

  // An OpenAPIHono: every router mounted below declares its routes, /api/openapi.json lists them all.
  const app = createRouter();
  describeApi(app);

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  app.use(securityHeaders(() => csp, { hsts: env.publicUrl.startsWith('https:') }));
  // Who the client is (TRUST_PROXY), for every rate limit and login record: clientAddress(c).
  app.use(clientAddresses(env.trustProxy));
  // Every body is limited (64 KB unless the route allows more with allowBody): 413 problem details.
  app.use(bodyLimits());
  // No NUL in any path, query or JSON string (PostgreSQL cannot store one): 400, not 500.
  app.use('/api/*', refuseNulCharacters());
  // `?userId=` is the same as no userId, on every route.
  app.use('/api/*', emptyQueryValuesAbsent());
  app.use(
    '/api/*',
    sameOriginOnly(() => [env.publicUrl]),
  );
  app.use('/api/*', compress());
  // Who is calling: the access-token cookie, verified lazily by currentUser(c) / requireUser.
  const auth = createAuthModule(deps);
  app.use('/api/*', authContext(auth.resolveUser));

  // One micro-cache of the anonymous public reads of /api/user/explore and /api/public.
  const publicCache = createResponseCache();
  deps.invalidation.register(publicCache.clear);
  app.use('/api/*', clearOnWrite(deps.invalidation));
  // Public pages rendered for signed-out visitors: emptied by the same invalidation (every write,
  // on every process through the bus).
  const htmlCache = createHtmlCache();
  deps.invalidation.register(htmlCache.clear);

  // The spec's five API bases (docs/architecture.md), one router file each in src/server/api.
  app.route('/api/health', healthRoutes(deps));
  app.route('/api/iam', iamApi(deps, auth));
  app.route('/api/user', userApi(deps, publicCache));
  app.route('/api/public', publicApi(deps, publicCache));
  app.route('/api/dashboard', dashboardApi(deps));
  app.route('/api/business', businessApi(deps));
  app.route('/api/payments', paymentRoutes(deps));
  app.route('/api/admin', adminApi(deps));
  app.route('/api', docsRoutes(app, deps));
  const apiMethodsOf = methodsOfPath(() => app.routes, '/api/');
  app.all('/api/*', (c) => {
    const allowed = apiMethodsOf(c.req.path);
    if (allowed.length) throw methodNotAllowed(c.req.method, allowed);
    throw new HttpError(404, 'No API endpoint at this path.');
  });

  app.route('/media', mediaRoutes(deps));

  // Pages put back a missing session hint, so the client's first render agrees with the server's.
  app.on(['GET', 'HEAD'], '*', auth.restoreSessionHint, async (c) => {
    // Only the built files are files: anything else, dots or not (/profile/omar.benali, a firm
    // named cafe.nour), is a page of the client.
    const file = staticFiles.get(c.req.path);
    if (file) return staticResponse(file, c.req.raw);
    if (!shell) throw new HttpError(404, 'The client is not built. Run `npm run build`.');
    // A missing hashed asset (an old build's chunk) is a real 404, so the client's loader fails fast.
    if (c.req.path.startsWith('/assets/')) throw new HttpError(404, 'File not found.');
    if (deps.render && c.req.method === 'GET')
      return serverRendered(await renderRequest(c, { db: deps.db, resolveUser: auth.resolveUser }), shell);
    return staticResponse(shell, c.req.raw);
  });

  /**
   * Public pages are rendered on the server (src/client/entry-server.tsx) so a QR scan on a slow
   * connection paints the firm from the first response. Whatever is not server-rendered, and any
   * rendering failure before the page's start was sent, falls back to the client shell: never an
   * error page the client could render. A render sends the page's start (the hero's preload in it)
   * before the body is rendered, head-first (lib/head-first.ts).
   */
  async function serverRendered(request: Request, shell: StaticFile): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding, Cookie, Accept-Language',
    };
    // A signed-out visitor's public page: from the rendered-HTML cache, or rendered once for
    // everyone who asks for it meanwhile (the one who asked first gets it head-first as it renders).
    const cacheKey = htmlCacheKey(request);
    if (cacheKey !== null) {
      const hit = htmlCache.get(cacheKey);
      if (hit) return htmlCacheResponse(hit, request, headers, true);
      let answerEarly!: (response: Response) => void;
      const early = new Promise<Response>((resolve) => (answerEarly = resolve));
      const whole = htmlCache.once(cacheKey, () => renderToStore(request, cacheKey, headers, answerEarly));
      const answer = await Promise.race([early, whole]);
      if (answer instanceof Response) return answer;
      const { value: stored, joined } = answer;
      if (stored === 'shell') return staticResponse(shell, request);
      if (stored) return htmlCacheResponse(stored, request, headers, joined);
    }
    const nonce = crypto.randomBytes(16).toString('base64');
    try {
      const first = await headFirst(request, nonce);
      if (first.kind === 'streamed') return streamedResponse(first, request, nonce, headers);
      if (first.page) {
        headers['Content-Security-Policy'] = contentSecurityPolicy(shellScriptHashes, nonce, imageOrigins);
        const body = await compressHtml(first.page.html, request.headers.get('accept-encoding') ?? '', headers);
        return new Response(body, { status: first.page.status, headers });
      }
    } catch (error) {
      logger.error({ err: error, path: new URL(request.url).pathname }, 'server rendering failed; serving the client shell');
    }
    return staticResponse(shell, request);
  }

  function headFirst(request: Request, nonce: string) {
    return renderHeadFirst(deps.render!, request, nonce, {
      encoding: pageEncoding(request.headers.get('accept-encoding') ?? ''),
      fallback: shellAfterStart,
      onError: (error) =>
        logger.error(
          { err: error, path: new URL(request.url).pathname },
          'server rendering failed after the page’s start; finished as the client shell',
        ),
    });
  }

  /** A page whose start was sent before its body was rendered: its inline scripts carry the response's nonce. */
  function streamedResponse(
    first: Extract<HeadFirst, { kind: 'streamed' }>,
    request: Request,
    nonce: string,
    headers: Record<string, string>,
  ) {
    const encoding = pageEncoding(request.headers.get('accept-encoding') ?? '');
    return new Response(first.body, {
      status: first.status,
      headers: {
        ...headers,
        'Content-Security-Policy': contentSecurityPolicy(shellScriptHashes, nonce, imageOrigins),
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      },
    });
  }

  /**
   * Renders a signed-out visitor's page for the cache: stored without its nonce, its inline
   * scripts allowed by hash (lib/html-cache.ts). 'shell': not rendered (serve the client shell);
   * null: cannot be stored (render it for the request alone). A render that sends its start first
   * answers the request that asked for it at once (`answerEarly`, with the nonce), and is stored
   * when done for the others.
   */
  async function renderToStore(
    request: Request,
    cacheKey: string,
    headers: Record<string, string>,
    answerEarly: (response: Response) => void,
  ): Promise<HtmlCacheEntry | 'shell' | null> {
    const nonce = crypto.randomBytes(16).toString('base64');
    const generation = htmlCache.generation();
    try {
      const first = await headFirst(request, nonce);
      if (first.kind === 'streamed') answerEarly(streamedResponse(first, request, nonce, { ...headers, 'X-Souk-Cache': 'miss' }));
      const page = await first.page;
      if (!page) return 'shell';
      const hashed = withScriptHashes(page.html, nonce);
      if (!hashed) return null;
      const csp = contentSecurityPolicy([...new Set([...shellScriptHashes, ...hashed.hashes])], undefined, imageOrigins);
      return htmlCache.set(cacheKey, generation, { status: page.status, html: hashed.html, csp });
    } catch (error) {
      logger.error({ err: error, path: new URL(request.url).pathname }, 'server rendering failed; serving the client shell');
      return 'shell';
    }
  }

  app.notFound(() => {
    throw new HttpError(404, 'Not found.');
  });

  app.onError((error, c) => {
    let status = 500;
    let body;
    const headers: Record<string, string> = {};
    if (error instanceof HttpError) {
      status = error.status;
      body = problem(status, error.detail, error.code, error.errors, error.extensions);
      Object.assign(headers, error.headers);
    } else if (error instanceof HTTPException) {
      // Hono's own: malformed JSON, body too large, …
      status = error.status;
      body = problem(status, error.message || undefined);
    } else {
      logger.error({ id: c.get('requestId'), err: error }, 'unhandled error');
      body = problem(500, 'Server error – try again later.');
    }
    return c.body(JSON.stringify(body), status as 500, {
      ...headers,
      'Content-Type': 'application/problem+json',
      'Cache-Control': 'no-store',
    });
  });

  // The sandbox payment provider delivers its webhooks through the app itself.
  paymentsOf(deps).provider.connect?.((request) => app.fetch(request));
  tellSellersOfRefusedPayments(deps);

  return app;
}
