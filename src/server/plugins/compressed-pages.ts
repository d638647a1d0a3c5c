import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

/**
 * The encoding to send a page in, from the request's Accept-Encoding: brotli,
 * else gzip, else none (a coding the client refuses with q=0 is not taken).
 */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * A page's HTML compressed once, the first time it is asked for in that
 * encoding: the pages are few and do not change while the server runs (the
 * prerendered ones are 20-30 KB, a fifth of that compressed).
 */
export function createPageCompressor() {
  // By the page's own string, which the caller keeps: its hash is worked out once.
  const made = { br: new Map<string, Buffer>(), gzip: new Map<string, Buffer>() };
  return (html: string, encoding: PageEncoding): Buffer => {
    let body = made[encoding].get(html);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : gzipSync(html, { level: 9 });
      // Pages change with the content: the old ones go rather than pile up.
      if (made[encoding].size >= 100) made[encoding].clear();
      made[encoding].set(html, body);
    }
    return body;
  };
}
