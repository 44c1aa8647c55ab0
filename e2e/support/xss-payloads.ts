/**
 * The XSS payloads every test of server data uses: SafeHtml's unit tests and
 * the browser suite (e2e/foundation/xss.spec.ts). Payload N calls `__xss(N)`,
 * a global the browser suite installs, so a payload that runs names itself.
 * Each fits a 100-character field (the shortest plain-text field of the
 * contract) and has no surrounding whitespace (the contract trims). Head-only
 * elements follow some text: a parser hoists them out of a leading position.
 * It lives here, not in packages/ui, because Playwright loads e2e/ as ES
 * modules and cannot take named exports from the ui package's CommonJS scope.
 */
export interface XssPayload {
  id: number;
  name: string;
  html: string;
}

const decimalEntities = (text: string) => [...text].map((char) => `&#${char.charCodeAt(0)};`).join('');
const scriptDocument = (js: string) => btoa(`<script>${js}</script>`);

const MAKERS: ReadonlyArray<readonly [name: string, make: (js: string) => string]> = [
  ['script element', (js) => `<script>${js}</script>`],
  ['script in mixed case with a data: src', (js) => `<ScRiPt src="data:text/javascript,${js}"></sCrIpT>`],
  ['img onerror', (js) => `<img src=x onerror=${js}>`],
  ['img with slashes for spaces', (js) => `<img/src/onerror=${js}>`],
  ['img handler in entities', (js) => `<img src=x onerror="${decimalEntities(js.slice(0, 5))}${js.slice(5)}">`],
  ['svg onload', (js) => `<svg onload=${js}></svg>`],
  ['script inside svg', (js) => `<svg><script>${js}</script></svg>`],
  ['svg animate onbegin', (js) => `<svg><animate onbegin=${js} attributeName=x dur=1s></svg>`],
  ['svg link with xlink:href', (js) => `<svg><a xlink:href="javascript:${js}"><text y="20">Click me</text></a></svg>`],
  ['body onload', (js) => `<body onload=${js}>`],
  ['details ontoggle', (js) => `<details open ontoggle=${js}><summary>More</summary></details>`],
  ['video source onerror', (js) => `<video><source onerror=${js}></video>`],
  ['audio onerror', (js) => `<audio src=x onerror=${js}></audio>`],
  ['marquee onstart', (js) => `<marquee onstart=${js}>News</marquee>`],
  ['input autofocus onfocus', (js) => `<input autofocus onfocus=${js}>`],
  ['textarea autofocus onfocus', (js) => `<textarea autofocus onfocus=${js}></textarea>`],
  ['div onmouseover', (js) => `<div onmouseover=${js}>Hover me</div>`],
  ['javascript: link', (js) => `<a href="javascript:${js}">Click me</a>`],
  ['javascript: in mixed case', (js) => `<a href="JaVaScRiPt:${js}">Click me</a>`],
  ['javascript: in decimal entities', (js) => `<a href="${decimalEntities('javascript')}:${js}">Click me</a>`],
  ['javascript: in hex entities and &colon;', (js) => `<a href="&#x6A;avascript&colon;${js}">Click me</a>`],
  ['javascript: behind spaces and control characters', (js) => `<a href=" &#14;&#x09; javascript:${js}">Click me</a>`],
  ['javascript: split by a tab', (js) => `<a href="java&#x09;script:${js}">Click me</a>`],
  ['javascript: with a percent-encoded body', (js) => `<a href="javascript:${js.replaceAll('_', '%5F')}">Click me</a>`],
  ['javascript: in a link with target', (js) => `<a href="javascript:${js}" target="_self">Click me</a>`],
  ['vbscript: link', (js) => `<a href="vbscript:${js}">Click me</a>`],
  ['data: HTML link', (js) => `<a href="data:text/html,<script>${js}</script>">Click me</a>`],
  ['data: base64 link', (js) => `<a href="data:text/html;base64,${scriptDocument(js)}">Click me</a>`],
  ['math with href', (js) => `<math href="javascript:${js}"><mi>Click me</mi></math>`],
  ['iframe srcdoc', (js) => `<iframe srcdoc="<script>${js}</script>"></iframe>`],
  ['iframe javascript: src', (js) => `<iframe src="javascript:${js}"></iframe>`],
  ['object javascript: data', (js) => `<object data="javascript:${js}"></object>`],
  ['object data: HTML', (js) => `<object data="data:text/html;base64,${scriptDocument(js)}"></object>`],
  ['embed javascript: src', (js) => `<embed src="javascript:${js}">`],
  ['meta refresh', (js) => `<p>News</p><meta http-equiv="refresh" content="0;url=javascript:${js}">`],
  ['base href', (js) => `<p>News</p><base href="javascript:${js}//"><a href="page">Relative link</a>`],
  ['form action with inputs', (js) => `<form action="javascript:${js}"><input name="password"><button>Log in</button></form>`],
  ['button formaction', (js) => `<form><button formaction="javascript:${js}">Send</button></form>`],
  ['style element', (js) => `<p>News</p><style>body{display:none}@import "javascript:${js}";</style>`],
  ['style attribute url(javascript:)', (js) => `<p style="background:url(javascript:${js})">Styled</p>`],
  ['style attribute expression()', (js) => `<p style="width:expression(${js})">Styled</p>`],
  ['link stylesheet', (js) => `<p>News</p><link rel="stylesheet" href="javascript:${js}">`],
  ['noscript mutation', (js) => `<noscript><p title="</noscript><img src=x onerror=${js}>"></p></noscript>`],
  ['svg style mutation', (js) => `<svg><style><img src=x onerror=${js}></style></svg>`],
  ['template', (js) => `<template><img src=x onerror=${js}></template>`],
  ['comment breakout', (js) => `<!--<img src="--><img src=x onerror=${js}>-->`],
  ['xmp breakout', (js) => `<xmp><p title="</xmp><img src=x onerror=${js}>">`],
  // Last: it leaves its elements open (that is the attack), so in a combined description it would hide what follows.
  ['math mglyph style mutation', (js) => `<math><mtext><table><mglyph><style><img src=x onerror=${js}>`],
];

export const XSS_PAYLOADS: readonly XssPayload[] = MAKERS.map(([name, make], index) => ({
  id: index + 1,
  name,
  html: make(`__xss(${index + 1})`),
}));

/** Ordinary rich text, as a description would carry it: it must keep its structure. */
export const BENIGN_RICH_TEXT = [
  '<h2>Course outline</h2>',
  '<p>Learn <strong>food safety</strong> and <em>quality</em> in <b>three</b> <i>days</i>.<br>Certificates included.</p>',
  '<ul><li>HACCP principles</li><li>Hygiene audits</li></ul>',
  '<ol><li>Theory</li><li>Practice</li></ol>',
  '<p><a href="https://www.kebs.org/" target="_blank">Kenya Bureau of Standards</a> and <a href="/courses">our courses</a>.</p>',
  '<p><img src="/static/blog/field-day.svg" alt="Field day" width="320" height="180"></p>',
  '<table><caption>Fees</caption><thead><tr><th scope="col">Module</th><th scope="col">KES</th></tr></thead>',
  '<tbody><tr><td>HACCP</td><td>12,000</td></tr></tbody></table>',
].join('');
