/**
 * Case I's invoice service (a forked process): one worker with a FIFO queue (storm-worker.ts). The
 * worker is this process's only thread: serving a request busy-spins serviceMs (× the brownout
 * factor inside the window) and then writes its invoice; answering without serving (503 when the
 * queue is full, 409, 422, a replay) spins rejectMs; dropping a request whose deadline cannot be
 * met spins dropMs. So nothing is free, and capacity is 1000 ÷ serviceMs requests/s.
 *
 * The worker spins at most sliceMs per turn of the event loop, so arrivals are read, counted and
 * admitted or refused while a request is in service; a refusal spun meanwhile delays that request. A caller that gave up closes its socket, but the server
 * does not watch for that (as behind a proxy that pools connections): without a deadline header it
 * serves the request anyway, and the reply goes nowhere. Idempotency keys follow the IETF draft (see
 * idempotency-store.ts) and are checked on arrival.
 *
 * Routes: POST /invoice with JSON {callIndex, tenantId, amountCents}. Control and counters go over
 * IPC (storm-protocol.ts), so they never count as attempts.
 */
import type http from 'node:http';
import { phaseOf, type BrownoutWindow } from './brownout.ts';
import { IDEMPOTENCY_STATUS, IdempotencyStore } from './idempotency-store.ts';
import { bucketIndex, QueueTrace } from './series.ts';
import { spin, StormWorker } from './storm-worker.ts';
import { optionsFromArgv, readBody, sendJson, serve } from '../../harness/services/http-service.ts';
import {
  DEADLINE_HEADER,
  PREVIOUS_ATTEMPTS_HEADER,
  type StormChildMessage,
  type StormParentMessage,
  type StormServiceOptions,
  type StormStartMessage,
} from './storm-protocol.ts';

const options = optionsFromArgv<StormServiceOptions>('storm-service');
const clock = () => performance.timeOrigin + performance.now();

interface Job {
  /** When it joined the queue, performance.now() ms. */
  admittedAt: number;
  callIndex: number;
  key: string | undefined;
  ticket: number;
  res: http.ServerResponse;
}

interface RunState {
  startEpochMs: number;
  window: BrownoutWindow;
  keyRequired: boolean;
  store: IdempotencyStore;
  attempts: number[];
  firstAttempts: number[];
  queue: QueueTrace;
  statusCounts: Record<string, number>;
  writesByCall: Map<number, { writes: number; keyed: boolean }>;
  invoices: { keyed: number; unkeyed: number };
  worker: { served: number; rejected: number; dropped: number };
}

let run: RunState = newRun({ type: 'storm-start', runStartEpochMs: clock(), window: { startMs: 0, endMs: 0, serviceFactor: 1 }, ttlMs: 86_400_000, keyRequired: false });
const worker = new StormWorker<Job>({ queueLimit: options.queueLimit, dropMs: options.dropMs });
let scheduled = false;
let holdNext = false;
let held: (() => void) | undefined;
let nextInvoiceId = 1;
let connections = 0;

function newRun(message: StormStartMessage): RunState {
  return {
    startEpochMs: message.runStartEpochMs,
    window: message.window,
    keyRequired: message.keyRequired,
    store: new IdempotencyStore(message.ttlMs),
    attempts: [],
    firstAttempts: [],
    queue: new QueueTrace(options.bucketMs),
    statusCounts: {},
    writesByCall: new Map(),
    invoices: { keyed: 0, unkeyed: 0 },
    worker: { served: 0, rejected: 0, dropped: 0 },
  };
}

/** ms since the run's time zero. */
const sinceStart = () => clock() - run.startEpochMs;

function count(status: string): void {
  run.statusCounts[status] = (run.statusCounts[status] ?? 0) + 1;
}

/** Sends a reply; the caller may have gone (socket destroyed), and then nothing is sent. */
function reply(res: http.ServerResponse, status: number, body: unknown): string {
  count(String(status));
  const text = JSON.stringify(body);
  if (!res.destroyed && !res.headersSent) sendJson(res, status, body);
  return text;
}

/** The worker's cost of an answer without service: rejectMs of spin, which also delays the request in service. */
function spinRefusal(): void {
  occupy(options.rejectMs);
}

/** Answers without serving: the worker spins rejectMs first. */
function refuse(res: http.ServerResponse, status: number, body: unknown): void {
  spinRefusal();
  run.worker.rejected += 1;
  reply(res, status, body);
}

/**
 * The worker's time line on the wall clock (performance.now(), ms): `freeAt` is when the work it has
 * taken on ends. A request taken from the queue starts at freeAt (or at its admission, if the worker
 * was idle then) and ends serviceMs later; the worker spins until then, in slices. Time the process
 * spends descheduled therefore still counts as the worker's, so capacity stays 1000 ÷ serviceMs on a
 * shared or slow machine; a refusal or a drop pushes freeAt back by its own cost.
 */
let freeAt = 0;
/** The request in service (it ends at freeAt). */
let current: Job | undefined;

/** Spends `costMs` of the worker's time, from freeAt or `from` (default now), whichever is later: spins it and moves the time line on. */
function occupy(costMs: number, from = performance.now()): void {
  freeAt = Math.max(freeAt, from) + costMs;
  spin(costMs);
}

/** Schedules the worker's next turn, after the event loop has read what arrived meanwhile. */
function kick(): void {
  if (scheduled || held !== undefined || (current === undefined && worker.waiting === 0)) return;
  scheduled = true;
  setImmediate(turn);
}

/**
 * One turn of the worker: at most one slice (sliceMs) of spin, then back to the event loop. Node
 * accepts about one new connection per turn of its loop, so a worker that spun a whole 20 ms request
 * in one go would also throttle how fast arrivals are read; slices keep reading at ~1,000/s.
 */
function turn(): void {
  scheduled = false;
  const turnEnds = performance.now() + options.sliceMs;
  // Drops cost little, so one turn drops heads until a request can be served or the slice is spent.
  while (current === undefined) {
    const factor = phaseOf(sinceStart(), run.window) === 'during' ? run.window.serviceFactor : 1;
    const step = worker.next(clock(), options.serviceMs * factor);
    if (step.kind === 'idle') return;
    const job = step.item;
    if (step.kind === 'serve') {
      if (holdNext) {
        holdNext = false;
        held = () => finish(job);
        return;
      }
      freeAt = Math.max(freeAt, job.admittedAt) + step.costMs;
      current = job;
      break;
    }
    occupy(step.costMs, job.admittedAt);
    run.worker.dropped += 1;
    if (job.key !== undefined) run.store.release(job.key, job.ticket);
    reply(job.res, 504, { error: 'deadline exceeded before service' });
    run.queue.note(sinceStart(), worker.waiting);
    if (performance.now() >= turnEnds) {
      kick();
      return;
    }
  }
  spin(Math.min(options.sliceMs, freeAt - performance.now()));
  if (performance.now() >= freeAt) {
    const job = current;
    current = undefined;
    finish(job);
    run.queue.note(sinceStart(), worker.waiting);
  }
  kick();
}

/** The served request's work ends: its invoice is written and the reply sent (to a caller that may have gone). */
function finish(job: Job): void {
  run.worker.served += 1;
  const keyed = job.key !== undefined;
  run.invoices[keyed ? 'keyed' : 'unkeyed'] += 1;
  const writes = run.writesByCall.get(job.callIndex);
  if (writes) writes.writes += 1;
  else run.writesByCall.set(job.callIndex, { writes: 1, keyed });
  const text = reply(job.res, 201, { id: nextInvoiceId++ });
  if (job.key !== undefined) run.store.complete(job.key, job.ticket, { status: 201, body: text }, clock());
}

function onInvoice(req: http.IncomingMessage, res: http.ServerResponse): void {
  const arrivalMs = sinceStart();
  const bucket = bucketIndex(arrivalMs, options.bucketMs);
  while (run.attempts.length <= bucket) run.attempts.push(0);
  while (run.firstAttempts.length <= bucket) run.firstAttempts.push(0);
  run.attempts[bucket]! += 1;
  if ((Number(req.headers[PREVIOUS_ATTEMPTS_HEADER] ?? 0) || 0) === 0) run.firstAttempts[bucket]! += 1;
  const keyHeader = req.headers['idempotency-key'];
  const key = typeof keyHeader === 'string' && keyHeader !== '' ? keyHeader : undefined;
  const deadlineHeader = Number(req.headers[DEADLINE_HEADER]);
  const deadlineMs = Number.isFinite(deadlineHeader) && req.headers[DEADLINE_HEADER] !== undefined ? deadlineHeader : undefined;
  readBody(req, (text) => {
    let callIndex: number;
    try {
      callIndex = Number((JSON.parse(text) as { callIndex?: unknown }).callIndex);
      if (!Number.isInteger(callIndex)) throw new Error('no callIndex');
    } catch {
      refuse(res, 400, { error: 'body is not JSON with an integer callIndex' });
      return;
    }
    if (key === undefined && run.keyRequired) {
      refuse(res, IDEMPOTENCY_STATUS.missingKey, { title: 'Idempotency-Key is missing' });
      return;
    }
    if (key !== undefined) {
      const decision = run.store.decide(key, text, clock());
      if (decision.kind === 'payload-mismatch') {
        refuse(res, IDEMPOTENCY_STATUS.payloadMismatch, { title: 'Idempotency-Key is already used with another payload' });
        return;
      }
      if (decision.kind === 'in-progress') {
        refuse(res, IDEMPOTENCY_STATUS.inProgress, { title: 'A request is outstanding for this Idempotency-Key' });
        return;
      }
      if (decision.kind === 'replay') {
        // The stored result as first sent (status and body), marked as a replay; counted as "replayed".
        spinRefusal();
        run.worker.rejected += 1;
        count('replayed');
        if (!res.destroyed) {
          res.writeHead(decision.reply.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(decision.reply.body), 'idempotent-replayed': 'true' });
          res.end(decision.reply.body);
        }
        return;
      }
    }
    const job: Job = { admittedAt: performance.now(), callIndex, key, ticket: 0, res };
    if (worker.offer(job, deadlineMs) === 'full') {
      refuse(res, 503, { error: 'queue full' });
      return;
    }
    if (key !== undefined) job.ticket = run.store.begin(key, text, clock());
    run.queue.note(sinceStart(), worker.waiting);
    kick();
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
      run.queue.note(0, worker.waiting);
      send({ type: 'storm-ack', of: 'storm-start' });
      return;
    case 'storm-hold':
      holdNext = true;
      send({ type: 'storm-ack', of: 'storm-hold' });
      return;
    case 'storm-release': {
      const finishHeld = held;
      held = undefined;
      if (finishHeld) {
        finishHeld();
        run.queue.note(sinceStart(), worker.waiting);
      }
      kick();
      send({ type: 'storm-ack', of: 'storm-release' });
      return;
    }
    case 'storm-stats?': {
      const lastBucket = Math.max(run.attempts.length, 1) - 1;
      const duplicates = { keyed: 0, unkeyed: 0 };
      const invoicesPerCall: [number, number][] = [];
      for (const [callIndex, { writes, keyed }] of run.writesByCall) {
        invoicesPerCall.push([callIndex, writes]);
        if (writes > 1) duplicates[keyed ? 'keyed' : 'unkeyed'] += writes - 1;
      }
      send({
        type: 'storm-stats',
        attemptsPerBucket: run.attempts,
        firstAttemptsPerBucket: run.firstAttempts,
        queueMaxPerBucket: run.queue.maxPerBucket(lastBucket),
        statusCounts: run.statusCounts,
        invoicesWritten: run.invoices,
        invoicesPerCall,
        duplicates,
        worker: run.worker,
        waiting: worker.waiting,
        busy: scheduled || held !== undefined || current !== undefined,
        connections,
      });
      return;
    }
  }
});
