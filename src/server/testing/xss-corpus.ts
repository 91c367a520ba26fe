/**
 * A corpus of XSS payloads for the article sanitizer ("at least 500 payloads: script,
 * event handlers, javascript: and data: URLs, SVG, style, mutation XSS"). Each payload, if it ran,
 * would call `__xss(n)` (or `alert(n)`), n being its index, so a browser can tell which one ran.
 * Built from the classic vectors (OWASP's filter evasion cheat sheet, PortSwigger's XSS cheat
 * sheet, the DOMPurify mutation-XSS reports) times the spellings that defeat naive filters:
 * letter case, separators, entity-encoded schemes, control characters.
 *
 * Used by src/server/lib/article-html.test.ts (structure and idempotence) and
 * tests/e2e/xss-corpus.spec.ts (saved through the API, rendered in Chromium).
 */

type Template = (run: string) => string;

/** Handler attributes, each on an element that fires it without anyone touching the page where it can. */
const HANDLERS: [tag: string, attrs: string][] = [
  ['img', 'src=x onerror'],
  ['img', 'src=/nonexistent.png onerror'],
  ['image', 'src=x onerror'],
  ['body', 'onload'],
  ['body', 'onpageshow'],
  ['svg', 'onload'],
  ['input', 'autofocus onfocus'],
  ['select', 'autofocus onfocus'],
  ['textarea', 'autofocus onfocus'],
  ['button', 'autofocus onfocus'],
  ['details', 'open ontoggle'],
  ['video', 'src=x onerror'],
  ['audio', 'src=x onerror'],
  ['iframe', 'onload'],
  ['object', 'data=x onerror'],
  ['marquee', 'onstart'],
  ['div', 'onpointerover'],
  ['div', 'onmouseover'],
  ['a', 'href=# onclick'],
  ['a', 'onfocus autofocus tabindex=1 href=#'],
  ['p', 'onanimationstart style="animation:x 1s"'],
  ['span', 'ontransitionend style="transition:color 1s"'],
  ['form', 'onsubmit'],
  ['table', 'background=x onerror'],
  ['style', 'onload'],
  ['link', 'rel=stylesheet href=x onerror'],
  ['embed', 'src=x onerror'],
  ['track', 'src=x onerror'],
  ['h2', 'onbeforecopy'],
  ['blockquote', 'oncopy'],
  ['li', 'oncontextmenu'],
  ['strong', 'onclick'],
  ['td', 'onmouseenter'],
  ['figure', 'onwheel'],
  ['code', 'onkeydown contenteditable'],
];

/** Spellings of `javascript:` that browsers still read as the scheme. */
const JS_SCHEMES = [
  'javascript:',
  'JaVaScRiPt:',
  ' javascript:',
  '\tjavascript:',
  'java\tscript:',
  'java\nscript:',
  'java&#x09;script:',
  'java&#x0A;script:',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;',
  '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;',
  '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058',
  'javascript&colon;',
  '&#x01;javascript:',
  '\u0001javascript:',
  'jav&#x41;script:',
  'vbscript:',
];

/** Elements and attributes that take a URL. */
const URL_SINKS: [tag: string, attr: string, close: boolean][] = [
  ['a', 'href', true],
  ['img', 'src', false],
  ['iframe', 'src', true],
  ['embed', 'src', false],
  ['object', 'data', true],
  ['form', 'action', true],
  ['button', 'formaction', true],
  ['area', 'href', false],
  ['base', 'href', false],
  ['link', 'href', false],
  ['input', 'src', false],
  ['video', 'poster', true],
  ['source', 'src', false],
  ['frame', 'src', false],
];

const DATA_URLS: Template[] = [
  (run) => `data:text/html,<script>${run}</script>`,
  (run) => `data:text/html;base64,${Buffer.from(`<script>${run}</script>`).toString('base64')}`,
  (run) => `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${run}"/>`,
  (run) => `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="${run}"/>`).toString('base64')}`,
  (run) => `DATA:text/html,<img src=x onerror=${run}>`,
  (run) => `data:application/javascript,${run}`,
];

const SCRIPTS: Template[] = [
  (run) => `<script>${run}</script>`,
  (run) => `<SCRIPT>${run}</SCRIPT>`,
  (run) => `<script type="text/javascript">${run}</script>`,
  (run) => `<script type="module">${run}</script>`,
  (run) => `<script src="data:text/javascript,${run}"></script>`,
  (run) => `<script/xss>${run}</script>`,
  (run) => `<script\n>${run}</script\n>`,
  (run) => `<<script>${run}//<</script>`,
  (run) => `<scr<script>ipt>${run}</scr</script>ipt>`,
  (run) => `<script>/*</script>*/${run}</script>`,
  (run) => `<p><script>${run}</script></p>`,
  (run) => `<script>setTimeout(function(){${run}})</script>`,
  (run) => `"><script>${run}</script>`,
  (run) => `'><script>${run}</script>`,
  (run) => `</p><script>${run}</script><p>`,
  (run) => `<script>eval(atob('${Buffer.from(run).toString('base64')}'))</script>`,
  (run) => `<scrscriptipt>${run}</scrscriptipt>`,
  (run) => `<script x>${run}</script y>`,
  (run) => `<script>${run}<!--</script>`,
  (run) => `<object><param name=x value=y><script>${run}</script></object>`,
];

const SVG: Template[] = [
  (run) => `<svg><script>${run}</script></svg>`,
  (run) => `<svg><script href="data:,${run}"/></svg>`,
  (run) => `<svg onload=${run}>`,
  (run) => `<svg/onload=${run}>`,
  (run) => `<svg><animate onbegin=${run} attributeName=x dur=1s>`,
  (run) => `<svg><set onbegin=${run} attributeName=x to=1>`,
  (run) => `<svg><a xlink:href="javascript:${run}"><text x=20 y=20>click</text></a></svg>`,
  (run) => `<svg><a><animate attributeName=href values=javascript:${run} /><text x=20 y=20>click</text></a></svg>`,
  (run) =>
    `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${run}'/></svg>#x"/></svg>`,
  (run) => `<svg><foreignObject><iframe srcdoc="<script>${run}</script>"></iframe></foreignObject></svg>`,
  (run) => `<svg><image href=x onerror=${run}></image></svg>`,
  (run) => `<svg><style>@import 'data:,*{x:expression(${run})}'</style></svg>`,
  (run) => `<svg><desc><img src=x onerror=${run}></desc></svg>`,
  (run) => `<svg><title><img src=x onerror=${run}></title></svg>`,
  (run) => `<svg><discard onbegin=${run}>`,
  (run) => `<math href="javascript:${run}">click</math>`,
  (run) => `<math><maction actiontype=statusline xlink:href=javascript:${run}>click</maction></math>`,
  (run) => `<svg><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">${run}</handler></svg>`,
];

const STYLE: Template[] = [
  (run) => `<style>@import 'javascript:${run}';</style>`,
  (run) => `<style>body{background:url("javascript:${run}")}</style>`,
  (run) => `<div style="background-image:url(javascript:${run})">x</div>`,
  (run) => `<div style="width:expression(${run})">x</div>`,
  (run) => `<div style="behavior:url(#default#time2)" onbegin="${run}">x</div>`,
  (run) => `<p style="x:ex/**/pression(${run})">x</p>`,
  (run) => `<link rel="stylesheet" href="javascript:${run}">`,
  (run) => `<style>*{-moz-binding:url("data:text/xml,<x>${run}</x>")}</style>`,
  (run) => `<p style="animation-name:x" onanimationstart="${run}">x</p><style>@keyframes x{}</style>`,
  (run) => `<style>li{list-style-image:url("javascript:${run}")}</style><ul><li>x</li></ul>`,
  (run) => `<span style=";}</style><script>${run}</script>">x</span>`,
  (run) => `<style></style><img src=x onerror=${run}>`,
];

/** Mutation XSS: markup that re-parses into something else after serializing (DOMPurify's and others' reports). */
const MUTATION: Template[] = [
  (run) => `<noscript><p title="</noscript><img src=x onerror=${run}>">`,
  (run) => `<svg></p><style><a id="</style><img src=1 onerror=${run}>">`,
  (run) => `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${run}&gt;">`,
  (run) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${run}>`,
  (run) => `<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=${run}>"></style></h1>`,
  (run) => `<listing>&lt;img onerror=${run} src=1&gt;</listing>`,
  (run) => `<xmp><img src=x onerror=${run}></xmp>`,
  (run) => `<noembed><img title="</noembed><img src=x onerror=${run}>">`,
  (run) => `<noframes><img title="</noframes><img src=x onerror=${run}>">`,
  (run) => `<iframe srcdoc="&lt;img src=x onerror=${run}&gt;"></iframe>`,
  (run) => `<template><img src=x onerror=${run}></template>`,
  (run) => `<!--<img src="--><img src=x onerror=${run}//">`,
  (run) => `<!-- --!><img src=x onerror=${run}> -->`,
  (run) => `<![CDATA[><img src=x onerror=${run}>]]>`,
  (run) => `<textarea></textarea><img src=x onerror=${run}>`,
  (run) => `<title><img title="</title><img src=x onerror=${run}>">`,
  (run) => `<a href="</a><img src=x onerror=${run}>">x</a>`,
  (run) => `<img src="x` + '`' + `onerror=${run}">`,
  (run) => `<img """><script>${run}</script>">`,
  (run) => `<img src=x:x onerror=${run}//>`,
  (run) => `<table><td><form><img src=x onerror=${run}></td></table>`,
  (run) => `<select><template><style><img src=x onerror=${run}></style></template></select>`,
  (run) => `<svg><p><style><img src=x onerror=${run}></style></p></svg>`,
  (run) => `<plaintext><img src=x onerror=${run}>`,
  (run) => `<a title="&quot;><img src=x onerror=${run}>">x</a>`,
  (run) => `<img alt="<x" title="/><img src=x onerror=${run}>">`,
  (run) => `<p>&lt;img src=x onerror=${run}&gt;</p>`,
  (run) => `<div id="x"><table><tr><td>x</td></tr><img src=x onerror=${run}></table></div>`,
  (run) => `<svg><![CDATA[><image xlink:href="]]><img src=x onerror=${run}>"></svg>`,
  (run) => `<math><style><img src=x onerror=${run}></style></math>`,
];

const MISC: Template[] = [
  (run) => `<meta http-equiv="refresh" content="0;url=javascript:${run}">`,
  (run) => `<meta http-equiv="refresh" content="0;url=data:text/html,<script>${run}</script>">`,
  (run) => `<base href="javascript:${run}//">`,
  (run) => `<object data="javascript:${run}"></object>`,
  (run) => `<embed src="javascript:${run}">`,
  (run) => `<form action="javascript:${run}"><input type=submit></form>`,
  (run) => `<isindex action="javascript:${run}" type=image>`,
  (run) => `<frameset onload=${run}>`,
  (run) => `<iframe src="javascript:${run}"></iframe>`,
  (run) =>
    `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${run}">`,
  (run) => '<img src=`javascript:' + run + '`>',
  (run) => `<img srcset="x 1x, javascript:${run} 2x">`,
  (run) => `<img src="x" alt="" onerror = "${run}">`,
  (run) => `<img/src="x"/onerror="${run}">`,
  (run) => `<img\nsrc=x\nonerror=${run}>`,
  (run) => `<img src=x onerror\t=\t${run}>`,
  (run) => `<IMG SRC=x OnErRoR=${run}>`,
  (run) => `<a href="javas&#99;ript:${run}">x</a>`,
  (run) => `<a href="  javascript:${run}">x</a>`,
  (run) => `<a href="https://ok.example" onclick="${run}">x</a>`,
  (run) => `<a href="//evil.example/${encodeURIComponent(run)}">protocol-relative</a>`,
  (run) => `<a href="mailto:x@example.com" onmouseover="${run}">x</a>`,
  (run) => `<img src="https://example.com/x.png" onload="${run}">`,
  (run) => `<img src="/media/abc/large.webp" onerror="${run}">`,
  (run) => `<img src="/media/../api/x" onerror="${run}">`,
  (run) => `<div draggable="true" ondragstart="${run}">x</div>`,
  (run) => `<details open ontoggle=${run}><summary>x</summary></details>`,
  (run) => `<input type=hidden accesskey=x onclick=${run}>`,
  (run) => `<keygen autofocus onfocus=${run}>`,
  (run) => `<video><source onerror=${run}></video>`,
  (run) => `<audio src onloadstart=${run}>`,
  (run) => `<marquee behavior=alternate onbounce=${run}>x</marquee>`,
  (run) => `<body onhashchange=${run}><a href=#x>x</a>`,
  (run) => `<x onclick=${run}>click</x>`,
  (run) => `<custom-tag onpointerenter=${run}>x</custom-tag>`,
  (run) => `<a id=x tabindex=1 onfocusin=${run}></a>`,
  (run) => `<p class="x" id="y" data-x="${run}" onclick="${run}">attrs</p>`,
  (run) => `<img src=x onerror=${run} <p>`,
  (run) => `<img src=x onerror=${run}`,
  (run) => `<a href=javascript:${run}>unquoted</a>`,
  (run) => `<a href='javascript:${run}'>single</a>`,
  (run) => `<a href="jAvAsCrIpT&colon;${run}">x</a>`,
  (run) => `<a href="data:text/html;charset=utf-8,<script>${run}</script>">x</a>`,
  (run) => `<a href="vbscript:msgbox(1)" onclick="${run}">x</a>`,
  (run) => `<img src='data:image/svg+xml,<svg onload="${run}"/>'>`,
  (run) => `<img src="https://example.com/x.svg#<script>${run}</script>">`,
  (run) => `<a href="https://example.com/" target="_self" onclick="${run}">x</a>`,
  (run) => `<h1 onclick=${run}>h1 becomes h2</h1>`,
  (run) => `<pre><code onclick=${run}>code</code></pre>`,
  (run) => `<table onmouseover=${run}><tr><td colspan=2 onclick=${run}>x</td></tr></table>`,
];

/** Every payload of the corpus, in a fixed order; `run(i)` is what payload i would execute. */
export function xssCorpus(run: (index: number) => string = (index) => `__xss(${index})`): string[] {
  const templates: Template[] = [...SCRIPTS, ...SVG, ...STYLE, ...MUTATION, ...MISC];
  for (const [tag, attrs] of HANDLERS) {
    templates.push((code) => `<${tag} ${attrs}=${code}>x</${tag}>`);
    templates.push((code) => `<${tag.toUpperCase()} ${attrs.toUpperCase()}="${code}">x</${tag.toUpperCase()}>`);
    templates.push((code) => `<${tag}/${attrs.replace(/ /g, '/')}='${code}'>`);
  }
  for (const [tag, attr, close] of URL_SINKS) {
    for (const scheme of JS_SCHEMES) {
      templates.push((code) => `<${tag} ${attr}="${scheme}${code}">${close ? `x</${tag}>` : ''}`);
    }
    for (const data of DATA_URLS) {
      templates.push((code) => `<${tag} ${attr}="${data(code).replace(/"/g, '&quot;')}">${close ? `x</${tag}>` : ''}`);
    }
  }
  const payloads: string[] = [];
  const seen = new Set<string>();
  for (const template of templates) {
    // two spellings of the action: a function of ours and a dialog
    for (const spelling of [(i: number) => run(i), (i: number) => `alert(${i})`]) {
      const payload = template(spelling(payloads.length));
      if (seen.has(payload)) continue;
      seen.add(payload);
      payloads.push(payload);
    }
  }
  return payloads;
}

/**
 * What may be left after sanitizing: the article allow-list of src/server/lib/article-html.ts, written
 * out again on purpose: an oracle derived from the allow-list would accept whatever is added to it.
 */
export const ALLOWED_ARTICLE_TAGS = new Set([
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'img',
  'figure',
  'figcaption',
  'code',
  'pre',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

export const ALLOWED_ARTICLE_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'rel', 'target']),
  img: new Set(['src', 'alt', 'width', 'height', 'loading', 'decoding']),
  th: new Set(['colspan']),
  td: new Set(['colspan']),
};

/** A URL an article may keep: http(s), mailto, or our media; never javascript:, data:, vbscript: or protocol-relative. */
export function isSafeArticleUrl(tag: string, value: string): boolean {
  // as a browser reads it (the URL standard): C0 controls and spaces around it, tabs and newlines inside it, ignored
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped here
  const url = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (tag === 'img') return /^https:\/\//i.test(url) || /^\/media\/[A-Za-z0-9_-]{1,64}\/(small|medium|large)\.webp$/.test(url);
  if (/^\/\//.test(url)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  return !scheme || ['http', 'https', 'mailto'].includes(scheme[1].toLowerCase());
}
