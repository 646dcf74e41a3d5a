/**
 * The test files whose outcome depends on timing: `npm test` runs them one at a time after every other
 * file, with nothing beside them, because a neighbour's load would change what they observe. Every
 * other file runs concurrently (tests/support/run-tests.ts).
 *
 * A file belongs here when an assertion can fail because a busy machine delays something: a timeout
 * that must not fire, a stall that must show against steady calls, requests that must arrive within one
 * time bucket. Running services, measuring figures that no assertion bounds, or waiting for something
 * that a delay only makes more certain (a TTL to pass) does not put a file here.
 * Paths are relative to the project root; a listed file that does not exist fails the run.
 */
export const SERIAL_TESTS: Readonly<Record<string, string>> = {
  'bench/test/failure-case.test.ts': "case E's counts must equal the reference's exactly: each call's outcome is a timeout racing an injected delay",
  'bench/test/beyond-load.test.ts': 'a 200 ms stall must show in the corrected p99 and not in the uncorrected one; an in-flight cap must never delay a call',
  'bench/test/beyond/retry-storm-case.test.ts': 'its worker busy-spins 5 ms per served request, so its storms need a core; without retries exactly one attempt per call must reach the server within the run',
  'bench/test/beyond/storm-service.test.ts': 'a queued request must still be waiting when its 50 ms deadline passes, and the held worker must see the queue fill before a fourth request',
};
