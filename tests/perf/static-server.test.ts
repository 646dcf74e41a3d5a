/**
 * The one static server (`npm run bench:page` and the browser tests): gzip when the client accepts it (and the body
 * unzips to the file), plain bytes otherwise, immutable caching for hashed assets only, index.html for
 * folders, 404 for missing files and no way out of the folder.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { serveStatic, type StaticServer } from '../../src/perf/static-server.ts';
import { tempDir } from '../support/site-build.ts';

let dir: string;
let server: StaticServer;
const html = '<!doctype html><title>t</title>' + '<p>repeated text</p>'.repeat(200);

before(async () => {
  dir = tempDir('gzip');
  mkdirSync(path.join(dir, '_astro'));
  mkdirSync(path.join(dir, 'source'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'source', 'index.html'), '<p>source</p>');
  writeFileSync(path.join(dir, '_astro', 'a.1234.js'), 'console.log(1);');
  server = await serveStatic(dir);
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(p: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(p, server.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('gzip for clients that accept it, and the body unzips to the file', async () => {
  const zipped = await get('/', { 'accept-encoding': 'gzip, deflate' });
  assert.equal(zipped.status, 200);
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(zipped.body).toString(), html);
  assert.ok(zipped.body.length < html.length / 5);
  const plain = await get('/');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString(), html);
  assert.equal(plain.headers['content-type'], 'text/html; charset=utf-8');
});

test('hashed assets are cached for a year, pages revalidate', async () => {
  assert.equal((await get('/_astro/a.1234.js')).headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal((await get('/')).headers['cache-control'], 'public, max-age=0, must-revalidate');
});

test('folders serve index.html; missing files 404; paths cannot leave the folder', async () => {
  assert.equal((await get('/source/')).body.toString(), '<p>source</p>');
  assert.equal((await get('/nope.html')).status, 404);
  assert.notEqual((await get('/../../etc/passwd')).status, 200);
  assert.notEqual((await get('/%2e%2e/%2e%2e/etc/passwd')).status, 200);
});
