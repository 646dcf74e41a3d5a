/**
 * Case E: "create invoice" against a server that stores first and holds 1 reply in 100 for 1 s;
 * the caller gives up after 500 ms. Three variants, in order, against the same server process.
 */
import http from 'node:http';
import { requestFor } from '../../harness/entitlement.ts';
import { CallTimeoutError, endpointOf, postJson, type Endpoint } from '../../harness/http-client.ts';
import { mulberry32 } from '../../harness/prng.ts';
import type { FailureCaseConfig, FailureVariantRun } from '../../harness/schema.ts';
import { delay, withTimeout, type Service } from '../../harness/process.ts';
import { specE } from './spec.ts';
import type { FailureCase, FailureVariantDef } from '../../harness/case.ts';

type Outcome = 'ok' | 'timedOut' | 'otherError';

/** Bound on any control call (/reset, /count). */
const CONTROL_TIMEOUT_MS = 5_000;

export const caseE: FailureCase = {
  ...specE,
  variants: [
    { id: 'no-retry', label: 'no retry', retries: false, idempotencyKey: false },
    { id: 'retry', label: 'retry, no idempotency key', retries: true, idempotencyKey: false },
    { id: 'retry-key', label: 'retry + idempotency key', retries: true, idempotencyKey: true },
  ],
  async run(ctx, config) {
    const jitter = mulberry32(ctx.clientSeed);
    const results: FailureVariantRun[] = [];
    for (const variant of this.variants) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const result = await Promise.race([runVariant(ctx.run, ctx.entitlement, agent, variant, config, jitter), ctx.entitlement.died]);
        results.push(result);
        ctx.log(
          `  E ${variant.label}: failed ${result.failed}/${result.calls}, invoices ${result.invoicesWritten}, duplicates ${result.duplicates}`,
        );
      } finally {
        agent.destroy();
      }
    }
    return results;
  },
};

async function runVariant(
  run: number,
  server: Service,
  agent: http.Agent,
  variant: FailureVariantDef,
  config: FailureCaseConfig,
  jitter: () => number,
): Promise<FailureVariantRun> {
  await control(agent, server, '/reset');
  const maxAttempts = variant.retries ? 1 + config.maxRetries : 1;
  const tally = { failed: 0, timedOut: 0, otherErrors: 0, attempts: 0, slowCalls: 0, slowestNs: 0 };
  for (let i = 0; i < config.callsPerVariant; i++) {
    const body = JSON.stringify({ tenantId: requestFor(i).tenantId, amount: config.invoiceAmountCents });
    const headers = variant.idempotencyKey ? { 'idempotency-key': `inv-${run}-${i}` } : undefined;
    const t0 = process.hrtime.bigint();
    let outcome: Outcome = 'otherError';
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      if (attempt > 0) {
        const retry = attempt - 1; // 0 for the first retry
        await delay(config.backoffBaseMs * 2 ** retry + Math.floor(jitter() * config.backoffJitterMs));
      }
      tally.attempts += 1;
      outcome = await attemptInvoice(agent, endpointOf(server), body, headers, config.clientTimeoutMs);
      if (outcome === 'ok') break;
    }
    const tookNs = Number(process.hrtime.bigint() - t0);
    if (outcome !== 'ok') tally.failed += 1;
    if (outcome === 'timedOut') tally.timedOut += 1;
    if (outcome === 'otherError') tally.otherErrors += 1;
    if (tookNs > config.slowCallMs * 1e6) tally.slowCalls += 1;
    tally.slowestNs = Math.max(tally.slowestNs, tookNs);
  }
  // Late replies finish before the count is read.
  await delay(config.settleMs);
  const invoicesWritten = Number(JSON.parse((await control(agent, server, '/count')).body).count);
  return {
    run,
    calls: config.callsPerVariant,
    failed: tally.failed,
    timedOut: tally.timedOut,
    otherErrors: tally.otherErrors,
    attempts: tally.attempts,
    invoicesWritten,
    duplicates: invoicesWritten - config.callsPerVariant,
    slowCalls: tally.slowCalls,
    slowestMs: tally.slowestNs / 1e6,
  };
}

/** One attempt: exactly one outcome. A late reply after the timeout is never seen: the request is destroyed. */
async function attemptInvoice(
  agent: http.Agent,
  port: number | Endpoint,
  body: string,
  headers: Record<string, string> | undefined,
  timeoutMs: number,
): Promise<Outcome> {
  try {
    const reply = await postJson(agent, port, '/invoice', body, headers, timeoutMs);
    return reply.status === 201 ? 'ok' : 'otherError';
  } catch (error) {
    return error instanceof CallTimeoutError ? 'timedOut' : 'otherError';
  }
}

async function control(agent: http.Agent, server: Service, path: string) {
  const reply = await withTimeout(
    postJson(agent, endpointOf(server), path, '{}'),
    CONTROL_TIMEOUT_MS,
    () => `case E: ${server.label} did not answer ${path} within ${CONTROL_TIMEOUT_MS} ms`,
  );
  if (reply.status !== 200) throw new Error(`case E: ${path} answered ${reply.status}: ${reply.body}`);
  return reply;
}
