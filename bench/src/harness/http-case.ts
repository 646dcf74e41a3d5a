/**
 * The shared body of the HTTP latency cases (B, C, D): time serial /check calls through one entry
 * service, count the connections each link accepted, and bound the whole loop by a watchdog.
 */
import type http from 'node:http';
import type { EntitlementResult } from './entitlement.ts';
import { endpointOf, postJson } from './http-client.ts';
import type { LatencyCaseConfig, LatencyRun, SocketCount } from './schema.ts';
import { withTimeout, type Service } from './process.ts';
import { assertSockets, latencyRun, REQUEST_PERIOD, REQUESTS, timeSerialAsync } from './measure.ts';

/** A link whose accepted connections are counted: the service that accepts them and how many the case requires. */
export interface CountedLink {
  link: string;
  service: Service;
  expected: number;
}

/** Generous bound per call for the watchdog; a healthy loopback call takes well under 1 ms. */
const WATCHDOG_MS_PER_CALL = 20;
const WATCHDOG_BASE_MS = 30_000;

/**
 * Times `counts` serial POST /check calls to `entry` through `agent`.
 * @throws Error when a call fails or answers non-200, a service dies, the watchdog fires, or a link's
 *   connection count differs from its expected count.
 */
export async function measureHttpCase(
  caseLabel: string,
  run: number,
  counts: LatencyCaseConfig,
  agent: http.Agent,
  entry: Service,
  links: readonly CountedLink[],
): Promise<LatencyRun> {
  const call = async (i: number): Promise<number> => {
    const reply = await postJson(agent, endpointOf(entry), '/check', JSON.stringify(REQUESTS[i % REQUEST_PERIOD]));
    if (reply.status !== 200) throw new Error(`case ${caseLabel}: /check answered ${reply.status}: ${reply.body}`);
    return (JSON.parse(reply.body) as EntitlementResult).limit;
  };
  const before = await Promise.all(links.map((l) => l.service.connections()));
  const budgetMs = WATCHDOG_BASE_MS + (counts.warmupCalls + counts.timedCalls) * WATCHDOG_MS_PER_CALL;
  const loop = await withTimeout(
    Promise.race([timeSerialAsync(call, counts.warmupCalls, counts.timedCalls), ...links.map((l) => l.service.died)]),
    budgetMs,
    () => `case ${caseLabel}, run ${run}: calls did not finish within ${budgetMs} ms; a service stopped answering`,
  );
  const after = await Promise.all(links.map((l) => l.service.connections()));
  const sockets: SocketCount[] = links.map((l, k) => ({ link: l.link, opened: after[k]! - before[k]!, expected: l.expected }));
  assertSockets(caseLabel, run, sockets);
  return latencyRun(run, caseLabel, loop, sockets);
}
