/**
 * The classes of small prose defects an expert reader found, each checked on every built page by the
 * build (src/pipeline/prose-defects.ts): a sentence's full stop with no space after it, a section title
 * pasted into a sentence as link text, a section with nothing in it, and text run together across two
 * elements. Each check is shown failing
 * on a page with the defect (the very sentence the reader found) and passing on the fixed one.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { proseDefects } from '../../src/pipeline/prose-defects.ts';

const page = (body: string) => `<html><body><main><article>${body}</article></main></body></html>`;
const heading = (level: number, id: string, title: string) => `<div class="heading heading-${level}"><h${level} id="${id}">${title}</h${level}><a class="anchor" href="#${id}" aria-label="Link to this section"></a></div>`;

describe('a full stop with no space after it', () => {
  test('"run).With" is found, in a note under a table; with its space it is not', () => {
    const note = (gap: string) => page(`<p class="table-note">Intervals (for run-to-run variation, not for the samples within a run).${gap}With 3 runs it is the lowest to the highest run.</p>`);
    const found = proseDefects(note(''));
    assert.equal(found.length, 1);
    assert.match(found[0]!, /no space after its full stop: ….*within a run\)\.With 3 runs/);
    assert.deepEqual(proseDefects(note(' ')), []);
  });

  test('a question mark too, and across inline elements; numbers, file names, code and separate blocks are not sentences run together', () => {
    const slow = proseDefects(page('<p>Is it slow?<span>Yes</span>, a bit.</p>'));
    assert.equal(slow.length, 2, 'the full stop, and the two elements run together');
    assert.match(slow[0]!, /no space after its full stop/);
    assert.match(slow[1]!, /runs together across two elements, with no space at "\|": …Is it slow\?\|Yes, a bit\.…/);
    assert.deepEqual(proseDefects(page('<p>It took 1.36× as long in Node.js, as results.json says; see <code>a.B</code> and v24.20.0.</p>')), []);
    assert.deepEqual(proseDefects(page('<p>One sentence ends here.</p><p>Another starts here.</p><ul><li>A.</li><li>B.</li></ul>')), []);
    assert.deepEqual(proseDefects(page('<p>See <a href="https://example.org/a.Html">it</a>.</p>')), []);
  });
});

describe('a section title pasted into a sentence', () => {
  const signals = heading(2, 'signals', 'Signals to extract, and false signals') + '<p>Deploy queues.</p>';
  test('the sentence the reader found is refused; the fixed sentence and a title that closes its clause pass', () => {
    const pasted = page(`${signals}<p>Headcount is a poor signal; the measurable signals in <a href="#signals">Signals to extract, and false signals</a> are better ones.</p>`);
    const found = proseDefects(pasted);
    assert.equal(found.length, 1);
    assert.match(found[0]!, /the section title "Signals to extract, and false signals" is pasted into a sentence: "…Signals to extract, and false signals are better ones/);
    assert.deepEqual(proseDefects(page(`${signals}<p>Headcount is a poor signal, and the <a href="#signals">measurable signals</a> further down are better ones.</p>`)), []);
    assert.deepEqual(proseDefects(page(`${signals}<p>The exceptions are covered in <a href="#signals">Signals to extract, and false signals</a>: one, two.</p>`)), []);
    assert.deepEqual(proseDefects(page(`${signals}<p>See <a href="#signals">Signals to extract, and false signals</a>.</p>`)), []);
  });

  test("another page's section title counts too", () => {
    const body = page('<p>It is in <a href="under-load/">Under load: where the tail comes from</a> and more.</p>');
    assert.deepEqual(proseDefects(body), []);
    assert.equal(proseDefects(body, ['Under load: where the tail comes from']).length, 1);
  });
});

describe('a section with nothing in it', () => {
  test('"Across Node versions" with only a stand-in for absent figures is refused; with content, or as a parent of subsections, it passes', () => {
    const missing = '<section data-placeholder><p>No Node version matrix has been run on this machine yet.</p></section>';
    const next = heading(3, 'bench-output', "This build's bench output") + '<pre id="bench-output">report</pre>';
    const empty = page(heading(2, 'repro', 'Reproducing the numbers') + '<p>Run it.</p>' + heading(3, 'across', 'Across Node versions') + missing + next);
    const found = proseDefects(empty);
    assert.deepEqual(found, ['the section "Across Node versions" has nothing in it']);
    assert.deepEqual(proseDefects(page(heading(2, 'a', 'A') + heading(3, 'b', 'B') + '<p>text</p>')), []);
    assert.deepEqual(proseDefects(page(heading(2, 'a', 'A') + '<div class="table-scroll"><table><tr><td>1</td></tr></table></div>')), []);
    assert.equal(proseDefects(page(heading(2, 'a', 'A') + heading(2, 'b', 'B') + '<p>text</p>')).length, 1, 'a heading straight before its sibling');
    assert.equal(proseDefects(page('<p>x</p>' + heading(2, 'last', 'Last'))).length, 1, 'a heading at the very end');
  });
});

describe('text run together across two elements', () => {
  // The provenance panel as it was before a6e71e8: each suite's value in a <span>, with nothing between them.
  const row = (gap: string) => page(`<dl><dt>Machine</dt><dd><span class="prov-suite">Cases A–E: 2-core Xeon, 24 GB RAM</span>${gap}<span class="prov-suite">Cases F–I: the same machine</span></dd></dl>`);
  const warnings = (gap: string) => page(`<p><span>Cases A–E: none.</span>${gap}<span>Cases F–I: 7 warnings.</span></p>`);

  test('"24 GB RAMCases F–I" and "none.Cases F–I", the panel\'s two glued rows, are found; with a space they pass', () => {
    assert.deepEqual(proseDefects(row('')), ['text runs together across two elements, with no space at "|": …Cases A–E: 2-core Xeon, 24 GB RAM|Cases F–I: the same machine…. Fix: put a space (in Astro, {\' \'}) between the elements']);
    assert.deepEqual(proseDefects(row(' ')), []);
    assert.deepEqual(proseDefects(row('\n  ')), []);
    const glued = proseDefects(warnings(''));
    assert.equal(glued.length, 2, 'the full stop check and the edge check both see it');
    assert.match(glued[1]!, /…Cases A–E: none\.\|Cases F–I: 7 warnings\.…/);
    assert.deepEqual(proseDefects(warnings(' ')), []);
  });

  test('figures glued to their unit or to each other are found, nested elements too', () => {
    assert.equal(proseDefects(page('<p>A call takes <span data-fact="b"><span>52</span></span>µs.</p>')).length, 1);
    assert.equal(proseDefects(page('<p><b>12</b><i>345</i> calls</p>')).length, 1);
    assert.equal(proseDefects(page('<p><strong>Note:</strong>Text here.</p>')).length, 1);
  });

  test('elements set in a sentence by punctuation, blocks, footnote marks and inline code pass', () => {
    assert.deepEqual(proseDefects(page('<p>It costs <span>52\u202fµs</span>, or <a href="#x">more</a>; see (<em>Newman</em>) and <span>3.72</span>×.</p><p id="x">x</p>')), []);
    assert.deepEqual(proseDefects(page('<table><tr><td>RAM</td><td>Cases</td></tr></table><ul><li>one</li><li>two</li></ul><div><p>a</p><p>b</p></div>')), []);
    assert.deepEqual(proseDefects(page('<p>As Fowler says<sup>1</sup> it pays.</p><p>Set <code>maxSockets</code>: 1.</p><p>A line<br>Another</p>')), []);
  });
});
