import { requestFor } from './src/harness/entitlement.ts';
import { startEntitlementService, stopAll } from './src/harness/process.ts';
import { runOpenLevel } from './src/cases/f-load/open-loop.ts';
import { rawTarget } from './src/cases/f-load/raw-connection.ts';
import { placeProcesses } from './src/cases/f-load/placement.ts';
const { restore } = placeProcesses(true);
const service = await startEntitlementService('e', { seed: 1, delayProbability: 0, delayMs: 0, keepAliveMs: 60_000 }, 15_000);
const target = rawTarget(service.port, '/check', Array.from({ length: 100 }, (_, i) => JSON.stringify(requestFor(i))));
for (let round = 0; round < 2; round++) for (const spin of [0, 0.03, 0.1]) {
  const u = process.cpuUsage(); const t = performance.now();
  const r = await runOpenLevel(target, { ratePerSec: Number(process.argv[2] ?? 1200), arrival: 'poisson', seed: 1, granularityMs: 1, clockSpinMs: spin, warmupMs: 200, measureMs: 3000, inFlightCap: 512, connections: 64, callTimeoutMs: 2000 }, new AbortController().signal);
  const d = process.cpuUsage(u); const el = performance.now() - t;
  console.log(`spin ${spin * 1000} µs: cpu ${((d.user + d.system) / 10 / el).toFixed(1)}% lag p50 ${r.schedulerLag.p50Us} p99 ${r.schedulerLag.p99Us}; latency p50 ${r.fromIntended.p50Us} p99 ${r.fromIntended.p99Us}; actual p50 ${r.fromActual.p50Us}`);
}
await stopAll(); restore();
