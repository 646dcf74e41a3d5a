/**
 * Case I's invoice service (a forked process): a fixed capacity of K requests in service, each for a
 * service time of s ms (a timer), a wait queue of at most Q, and 503 at once when the queue is full.
 * Inside the brownout window a request that starts service takes s × factor ms. Every /invoice
 * request is counted in its arrival bucket. An admitted request writes its invoice at once (stores
 * first, as in case E), then waits for a slot and its service time before the reply. Idempotency
 * keys follow the IETF draft (see idempotency-store.ts).
 *
 * Routes: POST /invoice with JSON {tenantId, amountCents, callId}. Control and counters go over IPC
 * (storm-protocol.ts), so they never count as attempts.
 */
import type http from 'node:http';
import { phaseOf, type BrownoutWindow } from './brownout.ts';
import { IDEMPOTENCY_STATUS, IdempotencyStore } from './idempotency-store.ts';
import { addToBucket, bucketIndex, QueueTrace } from './series.ts';
import { optionsFromArgv, readBody, sendJson, serve } from '../../harness/services/http-service.ts';
import {
  PREVIOUS_ATTEMPTS_HEADER,
  type StormChildMessage,
  type StormParentMessage,
  type StormServiceOptions,
  type StormStartMessage,
} from './storm-protocol.ts';

const options = optionsFromArgv<StormServiceOptions>('storm-service');
const clock = () => performance.timeOrigin + performance.now();

interface Job {
  arrivalMs: number;
  callId: string;
  key: string | undefined;
  ticket: number;
  id: number;
  res: http.ServerResponse;
}

interface RunState {
  startEpochMs: number;
  window: BrownoutWindow;
  keyRequired: boolean;
  store: IdempotencyStore;
  attempts: number[];
  firstAttempts: number[];
  latency: number[][];
  queue: QueueTrace;
  statusCounts: Record<string, number>;
  writesByCall: Map<string, { writes: number; keyed: boolean }>;
  invoices: { keyed: number; unkeyed: number };
}

let run: RunState = newRun({
  type: 'storm-start',
  runStartEpochMs: clock(),
  window: { startMs: 0, endMs: 0, serviceFactor: 1 },
  ttlMs: 86_400_000,
  keyRequired: false,
});
let nextId = 1;
let inService = 0;
const waiting: Job[] = [];
let holdNext = false;
let releaseHeld: (() => void) | undefined;
let connections = 0;

function newRun(message: StormStartMessage): RunState {
  return {
    startEpochMs: message.runStartEpochMs,
    window: message.window,
    keyRequired: message.keyRequired,
    store: new IdempotencyStore(message.ttlMs),
    attempts: [],
    firstAttempts: [],
    latency: [],
    queue: new QueueTrace(options.bucketMs),
    statusCounts: {},
    writesByCall: new Map(),
    invoices: { keyed: 0, unkeyed: 0 },
  };
}

/** ms since the run's time zero. */
const sinceStart = () => clock() - run.startEpochMs;

function reply(res: http.ServerResponse, status: number, body: unknown): string {
  run.statusCounts[String(status)] = (run.statusCounts[String(status)] ?? 0) + 1;
  const text = JSON.stringify(body);
  // The client may have given up and closed the socket; writing to it then is harmless.
  if (!res.destroyed) sendJson(res, status, body);
  return text;
}

function startService(job: Job): void {
  inService += 1;
  const startedMs = sinceStart();
  const factor = phaseOf(startedMs, run.window) === 'during' ? run.window.serviceFactor : 1;
  const finish = () => {
    inService -= 1;
    const doneMs = sinceStart();
    const body = { id: job.id };
    const text = reply(job.res, 201, body);
    if (job.key !== undefined) run.store.complete(job.key, job.ticket, { status: 201, body: text }, clock());
    addToBucket(run.latency, bucketIndex(doneMs, options.bucketMs), doneMs - job.arrivalMs);
    const next = waiting.shift();
    run.queue.note(doneMs, waiting.length);
    if (next) startService(next);
  };
  if (holdNext) {
    holdNext = false;
    releaseHeld = finish;
    return;
  }
  setTimeout(finish, options.serviceMs * factor);
}

function onInvoice(req: http.IncomingMessage, res: http.ServerResponse): void {
  const arrivalMs = sinceStart();
  const bucket = bucketIndex(arrivalMs, options.bucketMs);
  while (run.attempts.length <= bucket) run.attempts.push(0);
  run.attempts[bucket]! += 1;
  // A call's first attempt carries no (or a zero) previous-attempts header, as gRPC's
  // grpc-previous-rpc-attempts (proposal A6): it marks a new logical call arriving.
  while (run.firstAttempts.length <= bucket) run.firstAttempts.push(0);
  if ((Number(req.headers[PREVIOUS_ATTEMPTS_HEADER] ?? 0) || 0) === 0) run.firstAttempts[bucket]! += 1;
  const header = req.headers['idempotency-key'];
  const key = typeof header === 'string' && header !== '' ? header : undefined;
  readBody(req, (text) => {
    let callId: string;
    try {
      callId = String((JSON.parse(text) as { callId?: unknown }).callId ?? '');
    } catch {
      reply(res, 400, { error: 'body is not JSON' });
      return;
    }
    if (key === undefined && run.keyRequired) {
      reply(res, IDEMPOTENCY_STATUS.missingKey, { title: 'Idempotency-Key is missing' });
      return;
    }
    if (key !== undefined) {
      const decision = run.store.decide(key, text, clock());
      if (decision.kind === 'payload-mismatch') {
        reply(res, IDEMPOTENCY_STATUS.payloadMismatch, { title: 'Idempotency-Key is already used with another payload' });
        return;
      }
      if (decision.kind === 'in-progress') {
        reply(res, IDEMPOTENCY_STATUS.inProgress, { title: 'A request is outstanding for this Idempotency-Key' });
        return;
      }
      if (decision.kind === 'replay') {
        // The stored result as first sent (status and body), marked as a replay; counted as "replayed".
        run.statusCounts.replayed = (run.statusCounts.replayed ?? 0) + 1;
        if (!res.destroyed) {
          res.writeHead(decision.reply.status, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(decision.reply.body),
            'idempotent-replayed': 'true',
          });
          res.end(decision.reply.body);
        }
        return;
      }
    }
    // Admission: a free slot, else a place in the queue, else 503 with nothing written or stored.
    if (inService >= options.concurrency && waiting.length >= options.queueLimit) {
      reply(res, 503, { error: 'overloaded' });
      return;
    }
    const id = nextId++;
    const ticket = key === undefined ? 0 : run.store.begin(key, text, clock());
    const keyed = key !== undefined;
    if (keyed) run.invoices.keyed += 1;
    else run.invoices.unkeyed += 1;
    const writes = run.writesByCall.get(callId);
    if (writes) writes.writes += 1;
    else run.writesByCall.set(callId, { writes: 1, keyed });
    const job: Job = { arrivalMs, callId, key, ticket, id, res };
    if (inService < options.concurrency) {
      startService(job);
    } else {
      waiting.push(job);
      run.queue.note(arrivalMs, waiting.length);
    }
  });
}

const server = serve((req, res) => {
  if (req.method === 'POST' && req.url === '/invoice') return onInvoice(req, res);
  sendJson(res, 404, { error: `no route ${req.method} ${req.url}` });
}, options.keepAliveMs);
server.on('connection', () => {
  connections += 1;
});

const send = (message: StormChildMessage) => process.send?.(message);

process.on('message', (message: StormParentMessage) => {
  switch (message?.type) {
    case 'storm-start':
      run = newRun(message);
      run.queue.note(0, waiting.length);
      send({ type: 'storm-ack', of: 'storm-start' });
      return;
    case 'storm-hold':
      holdNext = true;
      send({ type: 'storm-ack', of: 'storm-hold' });
      return;
    case 'storm-release':
      releaseHeld?.();
      releaseHeld = undefined;
      send({ type: 'storm-ack', of: 'storm-release' });
      return;
    case 'storm-stats?': {
      const lastBucket = Math.max(run.attempts.length, run.latency.length, 1) - 1;
      const duplicates = { keyed: 0, unkeyed: 0 };
      for (const { writes, keyed } of run.writesByCall.values()) {
        if (writes > 1) duplicates[keyed ? 'keyed' : 'unkeyed'] += writes - 1;
      }
      send({
        type: 'storm-stats',
        attemptsPerBucket: run.attempts,
        firstAttemptsPerBucket: run.firstAttempts,
        queueMaxPerBucket: run.queue.maxPerBucket(lastBucket),
        latencyMsPerBucket: run.latency,
        statusCounts: run.statusCounts,
        invoicesWritten: run.invoices,
        duplicates,
        inService,
        waiting: waiting.length,
        connections,
      });
      return;
    }
  }
});
