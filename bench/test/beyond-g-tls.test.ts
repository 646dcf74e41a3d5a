// Case G at --quick size, run directly against the contract: schema valid, G3 resumed every timed
// call, sockets as in B and C, what TLS negotiated recorded, and no private key in the results.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { caseG } from '../src/cases/g-tls/case.ts';
import { GResultSchema } from '../src/harness/tls-schema.ts';
import { generateTlsCredentials } from '../src/cases/g-tls/tls-credentials.ts';
import { BENCH_ROOT } from '../src/harness/environment.ts';
import { stopAll } from '../src/harness/process.ts';

after(stopAll);

const ctx = { quick: true, runs: 1, log: () => {}, signal: new AbortController().signal };

test('case G quick run: valid result, 100% resumption in G3, sockets as B and C', { timeout: 120_000 }, async () => {
  assert.deepEqual(await caseG.available(), { ok: true });
  // The noise check at a few calls: its rule is tested in noise-check.test.ts; here, that G runs and stores it.
  const noiseCheck = { trials: 2, rounds: 6, warmupCalls: 2, callsPerArm: 5, injectedRatio: 1.25, overlapRuns: 3 };
  const config = caseG.configSchema.parse({ ...caseG.config.quick, noiseCheck });
  const result = await caseG.run(ctx, config);
  const parsed = GResultSchema.parse(result);
  assert.deepEqual(parsed.noiseCheck?.config, noiseCheck);
  assert.deepEqual([parsed.noiseCheck!.aa.length, parsed.noiseCheck!.injected.length, parsed.noiseCheck!.aa[0]!.length], [2, 2, 6]);
  // The injected spin is a quarter of the calibrating p50.
  assert.ok(Math.abs(parsed.noiseCheck!.delayUs - 0.25 * parsed.noiseCheck!.calibrationP50Us) < 1e-9);
  assert.match(caseG.report(result, config).join('\n'), /Noise check: case B’s hop .* against itself, 2 trials of 6 paired rounds/);
  const [g1, g2, g3] = parsed.variants;
  assert.deepEqual(parsed.variants.map((v) => v.id), ['G1', 'G2', 'G3']);
  const calls = (id: 'G1' | 'G2' | 'G3') => config.calls[id].warmupCalls + config.calls[id].timedCalls;
  assert.deepEqual(g1!.runs[0]!.sockets.map((s) => s.opened), [1], 'G1 keeps one socket');
  assert.deepEqual(g2!.runs[0]!.sockets.map((s) => s.opened), [calls('G2')], 'G2 opens one per call');
  assert.deepEqual(g3!.runs[0]!.sockets.map((s) => s.opened), [calls('G3')], 'G3 opens one per call');
  assert.equal(g3!.runs[0]!.resumedCalls, config.calls.G3.timedCalls, 'every timed G3 call resumed');
  assert.equal(g3!.runs[0]!.reuseRatePercent, 100);
  assert.equal(g2!.runs[0]!.resumedCalls, 0, 'G2 never resumes');
  for (const v of parsed.variants) {
    assert.equal(v.runs[0]!.tls.protocol, 'TLSv1.3');
    assert.match(v.runs[0]!.tls.cipher, /^TLS_/);
    assert.notEqual(v.runs[0]!.tls.group, '');
  }
  assert.equal(parsed.opensslVersion, process.versions.openssl);
  assert.match(parsed.certificateType, /^ECDSA P-256/);
  const text = JSON.stringify(result) + caseG.report(result, config).join('\n');
  assert.doesNotMatch(text, /PRIVATE KEY/, 'no key material in the results or the report');
});

test('case G fails loudly when G3 resumes less than the required rate', { timeout: 60_000 }, async () => {
  // Asking for more than 100% is a check that must fail: the message names the rate and the remedy.
  const config = { ...caseG.config.quick, minReuseRatePercent: 100.5 };
  await assert.rejects(caseG.run(ctx, config), /case G3, run 0: only \d+ of \d+ timed calls resumed .*would measure G2/);
});

test('the certificate is ECDSA P-256 for the address it names, and the key stays in memory', async () => {
  const c = await generateTlsCredentials('127.0.0.1');
  assert.match(c.keyPem, /^-----BEGIN PRIVATE KEY-----/);
  assert.match(c.certificateType, /ECDSA P-256 \(prime256v1\).*IP Address:127\.0\.0\.1/);
  await assert.rejects(generateTlsCredentials('localhost'), /IP address/);
});

test('no private key is in the repository or in the bench results folder', () => {
  // A real PEM key: the header followed by base64 (source files only name the header in patterns).
  const pem = /-----BEGIN (?:EC |RSA |ENCRYPTED )?PRIVATE KEY-----\r?\n[A-Za-z0-9+/=]{40,}/;
  const root = path.join(BENCH_ROOT, '..');
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  const results = path.join(BENCH_ROOT, 'results');
  const produced = existsSync(results) ? readdirSync(results, { recursive: true }).map((f) => path.join('bench', 'results', String(f))) : [];
  const offenders = [...tracked, ...produced].filter((file) => {
    const full = path.join(root, file);
    try {
      return statSync(full).isFile() && pem.test(readFileSync(full, 'utf8'));
    } catch {
      return false;
    }
  });
  assert.deepEqual(offenders, [], 'files holding a private key');
});
