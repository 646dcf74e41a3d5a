/**
 * How the site runs the bench ("@split-on-evidence/hop-bench/cli"): start its command line as a child
 * process, and hold the bench's lock while a build reads or writes results. Heavy (child_process):
 * kept apart from the light "./suites".
 */
export { start, type Started } from '../harness/spawn.ts';
export { acquireLock, LockBusyError, type HeldLock } from '../harness/lock.ts';
