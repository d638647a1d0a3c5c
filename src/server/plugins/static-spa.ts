import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAppPage } from '../../shared/app-paths.js';
import fastifyStatic from '@fastify/static';
import { messages } from '../../shared/messages.js';
import { webModulesFor } from '../web-routes.js';
import type { SiteContent } from '../../shared/schemas/content.js';
import { createPageCompressor, pageEncoding } from './compressed-pages.js';
import { contentScript, createLivePages, type LivePages, type PageContent } from './live-pages.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The chunks the app imports on every page as it starts (src/web/main.tsx):
 * the entry's dynamic imports of packages, React DOM's renderer and its
 * scheduler. scripts/check-bundle.mjs counts them the same way.
 */
function startupModules(manifest: Record<string, ManifestChunk>): string[] {
  return Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .flatMap((chunk) => chunk.dynamicImports ?? [])
    .filter((key) => key.includes('node_modules/'));
}

/** The stylesheets' rules in one style element, or undefined when one cannot be read. */
function inlineStyles(webDir: string, files: readonly string[]): string | undefined {
  if (files.length === 0) return '';
  const rules: string[] = [];
  for (const file of files) {
    const full = path.join(webDir, file);
    if (!existsSync(full)) return undefined;
    const css = readFileSync(full, 'utf8');
    if (css.includes('</')) return undefined;
    rules.push(css);
  }
  // Each inlined file is also named by a disabled stylesheet link, which the
  // browser does not fetch: the app's chunk loader sees the file linked
  // already and neither adds it again nor waits for it to load before the
  // app can take over the page (docs/operations.md, "Prerendered pages").
  const named = files.map((f) => `<link rel="stylesheet" crossorigin href="/${f}" disabled>`);
  return [`<style data-route-styles>${rules.join('\n')}</style>`, ...named].join('\n    ');
}

// index.html's #root holds a first paint of the house's name until the app draws.
const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>)/;
const FIRST_PAINT_NAME = /(<div id="root">\s*<p[^>]*>)[^<]*(<\/p>)/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/**
 * The page with the house's content as it is now (docs/site-content.md,
 * "Live"): its name in the title and the first paint, and the public content
 * for the app, which draws the same page from it.
 */
function withContent(html: string, site: SiteContent): string {
  const name = escapeHtml(site.facility.name);
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(FIRST_PAINT_NAME, (_all, open: string, close: string) => `${open}${name}${close}`)
    .replace('</head>', () => `${contentScript(site)}\n  </head>`);
}

/**
 * index.html with preload links for the chunks (and their static imports) the
 * app needs to draw the page, read from Vite's manifest: those it starts with
 * and those of the page's routes; the plain index.html without a manifest.
 * A prerendered page comes drawn inside #root, with its stylesheets linked
 * (docs/operations.md, "Prerendered pages").
 */
function pageHtmlFor(
  webDir: string,
  indexHtml: string,
  isDrawn: (pathname: string) => boolean,
): (pathname: string, drawn: string | undefined) => string {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => indexHtml;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const startup = startupModules(manifest);
  if (isDrawn('/') && !ROOT.test(indexHtml)) {
    throw new Error('index.html has no <div id="root"> at the end of its body');
  }
  const cache = new Map<string, string>();
  return (pathname, drawn) => {
    const modules = [...startup, ...webModulesFor(pathname).filter((m) => manifest[m])];
    if (modules.length === 0 && drawn === undefined) return indexHtml;
    const key = drawn === undefined ? modules.join(',') : `page:${pathname}`;
    let html = cache.get(key);
    if (!html) {
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || scripts.has(chunk.file)) return;
        scripts.add(chunk.file);
        for (const css of chunk.css ?? []) styles.add(css);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      for (const m of modules) visit(m);
      // A page drawn by the browser only preloads its stylesheets: as links
      // they would hold back the first paint, and the app adds them itself
      // (from the browser's cache) before it draws the page that needs them.
      // A prerendered page is painted from the HTML, so it carries its route's
      // styles (a few KB) in the page: one round trip less before the first
      // paint than as stylesheets of their own, each a request to wait for.
      const routeStyles = [...styles].filter((f) => !indexHtml.includes(f));
      const inlined = drawn === undefined ? undefined : inlineStyles(webDir, routeStyles);
      const styleLinks =
        inlined !== undefined
          ? [inlined]
          : routeStyles.map((f) =>
              drawn === undefined
                ? `<link rel="preload" as="style" crossorigin href="/${f}">`
                : `<link rel="stylesheet" crossorigin href="/${f}">`,
            );
      // A prerendered page needs its scripts only to take over the page
      // already shown: the app fetches them after it paints, not beside its styles.
      const scriptLinks = [...scripts]
        .filter((f) => drawn === undefined && !indexHtml.includes(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
      const links = [...styleLinks, ...scriptLinks].filter(Boolean);
      html = indexHtml.replace('</head>', `${links.join('\n    ')}\n  </head>`);
      cache.set(key, html);
    }
    // The page's drawing changes with the content; its links do not.
    if (drawn === undefined) return html;
    return html.replace(ROOT, () => `<div id="root" data-prerendered>${drawn}</div>`);
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for
 * every other GET outside /api so the browser's router decides what to show.
 */
async function staticSpa(
  app: FastifyInstance,
  { webDir, content }: { webDir: string; content?: PageContent },
) {
  const indexFile = path.join(webDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const pages = createLivePages({ webDir, content, logger: app.log });
  const shell = indexHtml ? pageHtmlFor(webDir, indexHtml, pages.isDrawn) : undefined;
  // Each page as sent, for the content's current stamp (the compressor keeps its bytes).
  let sentAt = -1;
  let sent = new Map<string, string>();
  const pageHtml = async (pathname: string) => {
    const stamp = content?.stamp() ?? 0;
    if (stamp !== sentAt) {
      sent = new Map();
      sentAt = stamp;
    }
    let html = sent.get(pathname);
    if (html === undefined) {
      html = shell!(pathname, await pages.html(pathname));
      if (content) html = withContent(html, content.site());
      sent.set(pathname, html);
    }
    return html;
  };
  app.decorate('livePages', pages);
  const compress = createPageCompressor();

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.log.warn(`${indexFile} not found: run "npm run build" to serve the web app`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage) {
      return reply.status(404).send({ message: messages.notFound, code: 'not_found' });
    }
    if (!shell)
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run "npm run build".');
    const pathname = request.url.split('?')[0] ?? '/';
    // The app draws its 404 page for any other path; the status says so too (for crawlers and links checkers).
    let known = false;
    try {
      known = isAppPage(decodeURIComponent(pathname));
    } catch {
      known = false;
    }
    const html = await pageHtml(pathname);
    // Like the assets, the page goes compressed: it is the one request the first paint waits for.
    const encoding = pageEncoding(request.headers['accept-encoding']);
    reply
      .status(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compress(html, encoding));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public pages drawn with the content as it is now; main.ts warms them after listen. */
    livePages: LivePages;
  }
}

export default fp(staticSpa, { name: 'static-spa', fastify: '5.x' });
