/**
 * Hours per month is one fact: the price file's `hoursPerMonth`. A scratch price file with 720 h
 * changes the downtime in the availability table, the calculator and the prose, and the month length
 * the page states, with no 730 left anywhere in its prose or tables.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import { FIXTURE, runBuild, tempDir } from '../support/site-build.ts';

const HOURS = 720;
let work: string;
let page: HTMLElement;

before(async () => {
  work = tempDir('hours');
  const prices = JSON.parse(readFileSync('tests/costs/fixtures/prices-2026-10-19.json', 'utf8'));
  assert.equal(prices.hoursPerMonth, 730, 'the fixture starts from the usual 730 h');
  prices.hoursPerMonth = HOURS;
  const file = path.join(work, 'prices-720.json');
  writeFileSync(file, JSON.stringify(prices));
  const run = await runBuild(FIXTURE, path.join(work, 'site'), [], { HOP_PRICES_FILE: file });
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`.slice(-3000));
  page = parse(readFileSync(path.join(work, 'site', 'index.html'), 'utf8'), { blockTextElements: { script: true, style: true } });
});
after(() => rmSync(work, { recursive: true, force: true }));

test('99.9% for one service is 43.2 minutes a month at 720 h (0.1% × 720 h × 60)', () => {
  const expected = ((100 - 99.9) / 100) * HOURS * 60; // 43.2, computed here, not by the page's code
  const cell = page.querySelector('[data-availability-table] tr[data-level="99.9"] td[data-hops="1"]')!;
  assert.equal(cell.getAttribute('data-downtime-minutes'), expected.toFixed(1));
  assert.match(cell.textContent, /43\.2 min down/);
  const prose = page.querySelectorAll('article [data-fact="availability.one.999.downtimeMinPerMonth"]');
  assert.ok(prose.length > 0);
  for (const el of prose) assert.equal(Number(el.getAttribute('data-value')), Number(expected.toFixed(1)));
  const calculator = page.querySelector('form[data-availability-calculator]')!;
  assert.equal(calculator.getAttribute('data-hours-per-month'), String(HOURS));
  // Three services at 99.9%: (1 − 0.999³) × 720 × 60 = 129.47… min.
  assert.match(calculator.textContent, /about 129\.5 minutes/);
});

test('the month length is 720 wherever the page states it, and no 730 is left in prose or tables', () => {
  assert.deepEqual(page.querySelectorAll('article [data-fact="prices.hoursPerMonth"]').map((el) => el.textContent.trim()), [String(HOURS)]);
  assert.match(page.querySelector('[data-availability-table] caption')!.textContent, /720 h month/);
  const article = page.querySelector('article')!;
  // Quoted code (the bench's own source and raw output) is not the page's prose.
  article.querySelectorAll('pre, code, [data-source-file]').forEach((el) => el.remove());
  assert.doesNotMatch(article.textContent, /\b730\b/);
  for (const table of page.querySelectorAll('table')) assert.doesNotMatch(table.textContent, /\b730\b/, table.id);
});
