/**
 * Serves a built site folder on 127.0.0.1 (port 0) the way a static host does: gzip for clients that
 * accept it, long-lived immutable caching for Astro's hashed assets (/_astro/), revalidation for
 * everything else, correct content types, "/" and "/dir/" → index.html, 404 for missing files, and no
 * way out of the folder. The one static server: `npm run bench:page` measures through it, and the
 * browser tests open the built pages through it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};
/** Types worth compressing (PNG is compressed already). */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.json', '.xml', '.svg', '.txt']);

/** A running server. */
export interface StaticServer {
  /** Base URL, e.g. "http://127.0.0.1:40123/". */
  url: string;
  close(): Promise<void>;
}

/** Serves `dir` until close(). Files are read (and gzipped, level 9) once, on first request. */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = path.resolve(dir);
  const cache = new Map<string, { body: Buffer; gzip: Buffer | null }>();
  const server = createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(`http://x${req.url ?? '/'}`).pathname);
    let file = path.join(root, urlPath);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const ext = path.extname(file);
    let entry = cache.get(file);
    if (!entry) {
      const body = readFileSync(file);
      entry = { body, gzip: COMPRESSIBLE.has(ext) ? gzipSync(body, { level: 9 }) : null };
      cache.set(file, entry);
    }
    const gzip = entry.gzip !== null && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? entry.gzip! : entry.body;
    res.writeHead(200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
