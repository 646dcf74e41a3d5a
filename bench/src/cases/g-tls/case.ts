/**
 * Case G: the hop with TLS. G1 is B over HTTPS (keep-alive, one socket); G2 is C over HTTPS (a new
 * connection and a full TLS 1.3 handshake per call); G3 is a new connection per call that resumes the
 * session from a ticket. Every call of G3 is checked with isSessionReused(): below the configured rate
 * the case fails, because a silent fall-back to full handshakes would make G3 measure G2.
 */
import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { EntitlementResult } from '../../harness/entitlement.ts';
import { assertSockets, latencyRun, REQUEST_PERIOD, REQUESTS, timeSerialAsync } from '../../harness/measure.ts';
import { delay, startEntitlementService, startService, withTimeout } from '../../harness/process.ts';
import { endpointOf, postJson } from '../../harness/http-client.ts';
import { runNoiseCheck } from '../../harness/noise-check-run.ts';
import type { NoiseCheck, NoiseCheckConfig } from '../../harness/noise-check-schema.ts';
import { judgeNoiseCheck, noiseCheckWarnings } from '../../harness/noise-check.ts';
import { oddRunWarnings, spreadWarning } from '../../harness/noise.ts';
import { latencyMedians } from '../../harness/stats.ts';
import { generateTlsCredentials, opensslVersion, TLS_ENV } from './tls-credentials.ts';
import { postJsonTls } from './tls-client.ts';
import type { BeyondCase, BeyondRunContext } from '../../harness/case.ts';
import { G_VARIANTS, type GConfig, type GResult, type GRunSchema, type GVariantId, type GVariantResult, type TlsNegotiatedSchema } from '../../harness/tls-schema.ts';
import { specG } from './spec.ts';

// Through a variable, so a bundler that imports this module (the site's build) leaves the path alone.
const TLS_SERVICE_PATH = './tls-entitlement-service.ts';
const tlsServiceScript = () => fileURLToPath(new URL(TLS_SERVICE_PATH, import.meta.url));

const VARIANT_DEFS: Record<GVariantId, { title: string; counterpart: 'B' | 'C'; keepAlive: boolean; resume: boolean }> = {
  G1: { title: 'HTTPS, keep-alive', counterpart: 'B', keepAlive: true, resume: false },
  G2: { title: 'HTTPS, new connection, full TLS 1.3 handshake', counterpart: 'C', keepAlive: false, resume: false },
  G3: { title: 'HTTPS, new connection, resumed TLS session', counterpart: 'C', keepAlive: false, resume: true },
};

/** A TLS entitlement service a run talks to: local (forked here) or remote (target mode). */
export interface TlsTarget {
  readonly label: string;
  readonly host: string;
  readonly port: number;
  readonly token?: string;
  /** The certificate the client trusts, and only it. */
  readonly certPem: string;
  readonly certificateType: string;
  /** Connections the service accepted that carried a /check (remote: excluding control calls). */
  connections(): Promise<number>;
  /** Stops a local service; no-op for a remote one. */
  stop(): Promise<void>;
  /** Rejects if a local service exits early; never settles for a remote one. */
  readonly died: Promise<never>;
}

export const caseG: BeyondCase<GConfig, GResult> = {
  ...specG,
  async available() {
    return (await opensslVersion()) === null
      ? { ok: false, reason: 'needs the openssl command to make a certificate at run time; install openssl' }
      : { ok: true };
  },
  async run(ctx, config) {
    const credentials = await generateTlsCredentials('127.0.0.1');
    const result = await runG(ctx, config, 'loopback', credentials.certificateType, async (run) => {
      const service = await startService(
        tlsServiceScript(),
        `TLS entitlement service (case G, run ${run + 1})`,
        { keepAliveMs: config.serverKeepAliveMs },
        config.serviceStartTimeoutMs,
        { [TLS_ENV.key]: credentials.keyPem, [TLS_ENV.cert]: credentials.certPem },
      );
      return { ...service, host: '127.0.0.1', certPem: credentials.certPem, certificateType: credentials.certificateType };
    });
    return config.noiseCheck ? { ...result, noiseCheck: await checkNoiseRule(ctx, config, config.noiseCheck) } : result;
  },
  report: reportG,
  warnings: runWarningsG,
};

/**
 * The noise rule's A/A check (harness/noise-check.ts) on case B's hop: plain HTTP to the entitlement
 * service over one kept-alive socket, the cheapest hop the page compares, so 150,000 calls fit in
 * seconds. Its own service, started after the variants and stopped after the check.
 * @throws Error when the service dies or answers wrong.
 */
async function checkNoiseRule(ctx: BeyondRunContext, config: GConfig, sizes: NoiseCheckConfig): Promise<NoiseCheck> {
  ctx.log('noise check: case B\'s hop against itself, and against an injected slowdown …');
  const service = await startEntitlementService('entitlement service (noise check)', { seed: 1, delayProbability: 0, delayMs: 0, keepAliveMs: config.serverKeepAliveMs }, config.serviceStartTimeoutMs);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = async (i: number): Promise<number> => {
    const reply = await postJson(agent, endpointOf(service), '/check', JSON.stringify(REQUESTS[i % REQUEST_PERIOD]));
    if (reply.status !== 200) throw new Error(`noise check: /check answered ${reply.status}: ${reply.body}`);
    return (JSON.parse(reply.body) as EntitlementResult).limit;
  };
  try {
    return await Promise.race([runNoiseCheck(call, 'case B’s hop (plain HTTP, one kept-alive connection)', sizes, ctx.signal, ctx.log), service.died]);
  } finally {
    agent.destroy();
    await service.stop();
  }
}

/**
 * Case G's warnings: for each variant, by the reference cases' rules (harness/noise): single runs slower
 * than the others or statistical outliers, then a run-to-run spread of p50 above NOISY_CV_PERCENT.
 */
export function runWarningsG(result: GResult): string[] {
  return [
    ...result.variants.flatMap((v) => oddRunWarnings(v)),
    ...result.variants.flatMap((v) => spreadWarning(v) ?? []),
    ...(result.noiseCheck ? noiseCheckWarnings(result.noiseCheck) : []),
  ];
}

/**
 * Runs G1, G2, G3 `ctx.runs` times against a target from `connect` (a fresh one per run).
 * @throws Error naming the variant when a call fails, a socket count differs, G2 resumes a session,
 *   or G3's reuse rate is below config.minReuseRatePercent.
 */
export async function runG(
  ctx: BeyondRunContext,
  config: GConfig,
  where: string,
  certificateType: string,
  connect: (run: number) => Promise<TlsTarget>,
): Promise<GResult> {
  const runsById = new Map<GVariantId, z.infer<typeof GRunSchema>[]>(G_VARIANTS.map((id) => [id, []]));
  for (let run = 0; run < ctx.runs; run++) {
    if (ctx.signal.aborted) throw new Error('case G: interrupted');
    if (run > 0) await delay(config.pauseBetweenRunsMs);
    const target = await connect(run);
    try {
      for (const id of G_VARIANTS) {
        ctx.log(`run ${run + 1}/${ctx.runs}  ${id}. ${VARIANT_DEFS[id].title} …`);
        const result = await Promise.race([measureVariant(id, run, config, target), target.died]);
        runsById.get(id)!.push(result);
        ctx.log(`run ${run + 1}/${ctx.runs}  ${id}: p50 ${result.p50Us.toFixed(1)} µs, ${result.tls.protocol} ${result.tls.group}, resumed ${result.reuseRatePercent.toFixed(1)}%`);
      }
    } finally {
      await target.stop();
    }
  }
  return {
    opensslVersion: process.versions.openssl,
    nodeVersion: process.version,
    certificateType,
    where,
    variants: G_VARIANTS.map((id) => {
      const runs = runsById.get(id)!;
      return {
        id,
        title: VARIANT_DEFS[id].title,
        counterpart: VARIANT_DEFS[id].counterpart,
        hops: 1 as const,
        runs,
        median: latencyMedians(runs),
      };
    }),
  };
}

const WATCHDOG_MS_PER_CALL = 100;
const WATCHDOG_BASE_MS = 30_000;

async function measureVariant(id: GVariantId, run: number, config: GConfig, target: TlsTarget): Promise<z.infer<typeof GRunSchema>> {
  const def = VARIANT_DEFS[id];
  const counts = config.calls[id];
  const agent = new https.Agent({
    keepAlive: def.keepAlive,
    maxSockets: 1,
    // G2 keeps no session, so every connection makes a full handshake; G3 keeps the latest ticket.
    maxCachedSessions: def.resume ? 1 : 0,
    ca: target.certPem,
    minVersion: 'TLSv1.3',
  });
  let callIndex = 0;
  let resumedTimed = 0;
  let resumedWarmup = 0;
  let negotiated: z.infer<typeof TlsNegotiatedSchema> | undefined;
  const inspect = (socket: TLSSocket) => {
    const info = socket.getEphemeralKeyInfo();
    negotiated = {
      protocol: socket.getProtocol() ?? 'unknown',
      cipher: socket.getCipher()?.standardName ?? 'unknown',
      group: info && 'name' in info && info.name ? String(info.name) : 'none',
    };
  };
  const call = async (i: number): Promise<number> => {
    const timed = callIndex >= counts.warmupCalls;
    const body = JSON.stringify(REQUESTS[i % REQUEST_PERIOD]);
    // Only the first timed call reads the cipher and group; the others only isSessionReused().
    const reply = await postJsonTls(agent, target.host, target.port, '/check', body, target.token, timed && negotiated === undefined ? inspect : undefined);
    if (reply.status !== 200) throw new Error(`case ${id}: /check answered ${reply.status}: ${reply.body}`);
    if (reply.reused) {
      if (timed) resumedTimed += 1;
      else resumedWarmup += 1;
    }
    callIndex += 1;
    return (JSON.parse(reply.body) as EntitlementResult).limit;
  };
  try {
    const before = await target.connections();
    const budgetMs = WATCHDOG_BASE_MS + (counts.warmupCalls + counts.timedCalls) * WATCHDOG_MS_PER_CALL;
    const loop = await withTimeout(
      timeSerialAsync(call, counts.warmupCalls, counts.timedCalls),
      budgetMs,
      () => `case ${id}, run ${run}: calls did not finish within ${budgetMs} ms; the service stopped answering`,
    );
    const opened = (await target.connections()) - before;
    const sockets = [{ link: `caller → ${target.label}`, opened, expected: def.keepAlive ? 1 : counts.warmupCalls + counts.timedCalls }];
    assertSockets(id, run, sockets);
    const reuseRatePercent = (resumedTimed / counts.timedCalls) * 100;
    if (def.resume && reuseRatePercent < config.minReuseRatePercent) {
      throw new Error(
        `case ${id}, run ${run}: only ${resumedTimed} of ${counts.timedCalls} timed calls resumed their TLS session ` +
          `(${reuseRatePercent.toFixed(1)}%, below ${config.minReuseRatePercent}%); the rest made full handshakes, so ${id} would measure G2. ` +
          'Check that the server issues session tickets and the agent caches them (maxCachedSessions > 0).',
      );
    }
    if (!def.resume && resumedTimed + resumedWarmup > 0) {
      throw new Error(`case ${id}, run ${run}: ${resumedTimed + resumedWarmup} call(s) resumed a TLS session; ${id} must make a full handshake on every connection`);
    }
    if (negotiated === undefined) throw new Error(`case ${id}, run ${run}: no timed call recorded what TLS negotiated`);
    return { ...latencyRun(run, id, loop, sockets), tls: negotiated, resumedCalls: resumedTimed, reuseRatePercent };
  } finally {
    agent.destroy();
  }
}

const LABEL_WIDTH = 52;
const FIGURE_WIDTH = 10;

/** Case G's section of the report: one row per variant, then what TLS negotiated. */
export function reportG(result: GResult): string[] {
  const runs = result.variants[0]!.runs.length;
  const lines = [
    `G. With TLS (${result.where}): latency in microseconds, median of ${runs} run${runs === 1 ? '' : 's'}`,
    'case'.padEnd(LABEL_WIDTH) + ['p50', 'p95', 'p99'].map((h) => h.padStart(FIGURE_WIDTH)).join('') + 'serial calls/s'.padStart(16) + '  resumed',
  ];
  for (const v of result.variants) {
    const m = v.median;
    const resumed = v.runs.map((r) => `${r.reuseRatePercent.toFixed(1)}%`).join(' ');
    lines.push(
      `${v.id}. ${v.title}`.padEnd(LABEL_WIDTH) +
        [m.p50Us, m.p95Us, m.p99Us].map((x) => x.toFixed(2).padStart(FIGURE_WIDTH)).join('') +
        Math.round(m.callsPerSec).toLocaleString('en-US').padStart(16) +
        `  ${resumed}`,
    );
  }
  const t = result.variants[0]!.runs[0]!.tls;
  lines.push(
    `TLS: ${t.protocol}, ${t.cipher}, key exchange ${t.group}; certificate ${result.certificateType}; OpenSSL ${result.opensslVersion}, Node ${result.nodeVersion}`,
    `Connections opened per run: ${result.variants.map((v) => `${v.id} ${v.runs.map((r) => r.sockets.map((s) => s.opened).join('+')).join(' ')}`).join(', ')}`,
  );
  if (result.noiseCheck) lines.push(...reportNoiseCheck(result.noiseCheck));
  return lines;
}

/** The noise check's lines of G's report: each rule's false positives (A/A) and detections (injected). */
function reportNoiseCheck(check: NoiseCheck): string[] {
  const v = judgeNoiseCheck(check);
  const c = check.config;
  const line = (name: string, r: typeof v.permutation) =>
    `  ${name}: called a difference in ${r.falsePositives} of ${r.trials} A/A trials (${r.falsePositivePercent.toFixed(1)}%, at most ${r.falsePositiveUpperPercent.toFixed(1)}% at 95% confidence); found the ${c.injectedRatio}× slowdown in ${r.detections} of ${r.trials} (${r.powerPercent.toFixed(0)}%)`;
  return [
    `Noise check: ${check.subject} against itself, ${c.trials} trials of ${c.rounds} paired rounds, ${c.callsPerArm} calls an arm (p50 ${check.calibrationP50Us.toFixed(1)} µs; injected spin ${check.delayUs.toFixed(1)} µs)`,
    line(`permutation test over ${c.rounds} rounds`, v.permutation),
    line(`overlap rule, paired, over ${c.overlapRuns} rounds`, v.pairedOverlap),
    line(`overlap rule, two sets of ${c.overlapRuns} rounds`, v.unpairedOverlap),
  ];
}
