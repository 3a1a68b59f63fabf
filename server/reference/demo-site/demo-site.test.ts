import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SITE_DIR, startDemoSite, type DemoSite } from './demo-site.ts';

const MARKERS = ['demo:throw-sync', 'demo:throw-async', 'demo:throw-promise', 'demo:throw-timer'];

/** GET with the path sent exactly as given (fetch would normalise `..` away first). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('demo site', () => {
  let site: DemoSite;
  beforeAll(async () => {
    site = await startDemoSite();
  });
  afterAll(async () => {
    await site.close();
  });

  it('listens on an ephemeral loopback port with a trailing-slash URL', () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(path.isAbsolute(DEMO_SITE_DIR)).toBe(true);
  });

  it('serves index.html at / and by name as uncached HTML', async () => {
    for (const page of ['', 'index.html']) {
      const response = await fetch(site.url + page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain('<title>Acme Outfitters – Home</title>');
    }
  });

  it('serves the other pages and the stylesheet', async () => {
    for (const [file, type] of [
      ['products.html', /^text\/html/],
      ['account.html', /^text\/html/],
      ['style.css', /^text\/css/],
    ] as const) {
      const response = await fetch(site.url + file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toMatch(type);
    }
  });

  it('serves app.js as JavaScript with each throw marker exactly once', async () => {
    const response = await fetch(site.url + 'app.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = await response.text();
    expect(source).toBe(await readFile(path.join(DEMO_SITE_DIR, 'app.js'), 'utf8'));
    const lines = source.split('\n');
    for (const marker of MARKERS) {
      const hits = lines.filter((line) => line.trimEnd().endsWith(`// ${marker}`));
      expect(hits, marker).toHaveLength(1);
      expect(source.split(marker), marker).toHaveLength(2);
    }
  });

  it('answers api/products with a JSON array of products', async () => {
    const response = await fetch(site.url + 'api/products');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const products = (await response.json()) as unknown[];
    expect(Array.isArray(products)).toBe(true);
    expect(products.length).toBeGreaterThanOrEqual(6);
    expect(products[0]).toMatchObject({ id: expect.any(String), price: expect.any(Number) });
  });

  it('answers the broken routes as the pages expect', async () => {
    const reviews = await fetch(site.url + 'api/reviews/missing');
    expect(reviews.status).toBe(404);
    expect(await reviews.json()).toEqual({ error: 'no reviews' });

    const inventory = await fetch(site.url + 'api/inventory');
    expect(inventory.status).toBe(500);
    expect(await inventory.json()).toEqual({
      code: 'internal',
      message: 'inventory service unavailable',
    });

    const recommendations = await fetch(site.url + 'api/recommendations');
    expect(await recommendations.json()).toEqual({ recommendations: null });

    const prices = await fetch(site.url + 'api/prices');
    expect(await prices.json()).toEqual([]);

    const unknown = await fetch(site.url + 'api/nothing');
    expect(unknown.status).toBe(404);
  });

  it('drops api/flaky without a response', async () => {
    await expect(fetch(site.url + 'api/flaky')).rejects.toThrow();
  });

  it('accepts an account save', async () => {
    const response = await fetch(site.url + 'api/account', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', notes: 'hi' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('refuses an oversized account body', async () => {
    const response = await fetch(site.url + 'api/account', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ notes: 'x'.repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E%2Fpackage.json',
    // The repository's package.json is four levels up from site/.
    '/../../../../package.json',
    '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/..%2f..%2f..%2f..%2fpackage.json',
    '/../demo-site.ts',
    '/nothing.html',
    '/index.html%00.css',
  ])('refuses %s with a 404', async (rawPath) => {
    const { status, body } = await rawGet(site.url, rawPath);
    expect(status).toBe(404);
    expect(body).toBe('not found');
  });

  it('closes, refusing new connections afterwards', async () => {
    const other = await startDemoSite();
    expect((await fetch(other.url + 'index.html')).status).toBe(200);
    await other.close();
    await other.close();
    await expect(fetch(other.url + 'index.html')).rejects.toThrow();
  });
});
