import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { PROJECT_ROOT } from '../../../server/config.js';
import { screenshot } from './browser.js';

/** A made-up origin the browser never reaches: its answers are the files below, served by the test. */
const ORIGIN = 'http://pdf-picture.test';
const PDFJS = join(PROJECT_ROOT, 'node_modules', 'pdfjs-dist', 'build');

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PDF page</title>
<style>body{margin:0;background:#dfe1e2}canvas{display:block;margin:16px auto;box-shadow:0 2px 8px #0004;background:#fff}</style></head>
<body><canvas id="page" aria-label="first page of the PDF"></canvas>
<script type="module">
import * as pdfjs from '${ORIGIN}/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '${ORIGIN}/pdf.worker.mjs';
const doc = await pdfjs.getDocument('${ORIGIN}/file.pdf').promise;
const page = await doc.getPage(1);
const viewport = page.getViewport({ scale: 1.5 });
const canvas = document.getElementById('page');
canvas.width = viewport.width; canvas.height = viewport.height;
await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
document.body.dataset.rendered = String(doc.numPages);
</script></body></html>`;

/**
 * Draws the first page of a PDF in Chromium (pdfjs-dist's own canvas renderer, in a page of its
 * own) and writes it to test-results/screenshots/<name>.png, to be looked at. Answers the page count.
 */
export async function pictureOfPdf(context: BrowserContext, pdf: Buffer, name: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.route(`${ORIGIN}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: PAGE });
      if (path === '/file.pdf') return route.fulfill({ contentType: 'application/pdf', body: pdf });
      if (path === '/pdf.mjs' || path === '/pdf.worker.mjs') return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(PDFJS, path.slice(1))) });
      return route.fulfill({ status: 404, body: '' });
    });
    await page.setViewportSize({ width: 980, height: 1240 });
    await page.goto(`${ORIGIN}/`);
    await page.locator('body[data-rendered]').waitFor({ timeout: 30_000 });
    await screenshot(page, name);
    return Number(await page.locator('body').getAttribute('data-rendered'));
  } finally {
    await page.close();
  }
}
