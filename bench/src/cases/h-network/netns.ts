/**
 * Case H across two network namespaces on one machine (Linux, root, iproute2): the services in one,
 * the client in the other, joined by a veth pair whose addresses exist only inside them. Everything
 * it creates carries the prefix `hb12-` and this process's pid, is removed on success, error, SIGINT
 * and SIGTERM, and a killed run's leftovers are removed at the next start. Where the kernel has
 * sch_netem, both veth ends get a one-way delay; where it has not, the run goes on without and says so.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Availability } from '../../harness/case.ts';
import { runOk, start } from '../../harness/spawn.ts';
import { readTargetResults, writeTargetResults, type TargetResults } from './target-results.ts';

/** Prefix of every namespace and interface this module creates. */
export const NETNS_PREFIX = 'hb12-';
/** Exit code of `npm run bench:netns` when the machine cannot run it (not Linux, not root, no iproute2). */
export const EXIT_NOT_AVAILABLE = 3;
/** The addresses of the veth pair: a /30 that exists only inside the two namespaces. */
export const SERVICE_ADDRESS = '10.12.0.1';
export const CLIENT_ADDRESS = '10.12.0.2';
/** Cases run across the pair. */
export const NETNS_CASES = ['B', 'C', 'D', 'G'] as const;

// Through a variable, so a bundler that imports this module (the site's build) leaves the path alone.
const CLI_PATH = '../../cli.ts';
const cliScript = () => fileURLToPath(new URL(CLI_PATH, import.meta.url));

/** What the netns run used for its network, stored with its results. */
export interface NetnsNetwork {
  /** "veth pair between network namespaces". */
  kind: string;
  /** Whether sch_netem added a delay on both ends. */
  netem: boolean;
  /** One-way delay added on each end, ms; null without netem. */
  delayMs: number | null;
  /** One sentence on what was (not) added and why, e.g. tc's error. */
  note: string;
}

/** Options of a netns run. */
export interface NetnsOptions {
  quick: boolean;
  runs?: number;
  /** One-way delay per veth end where netem exists, ms. */
  delayMs: number;
  /** Results file to write (validated, atomic); null to only return the results (case H in the beyond suite). */
  out: string | null;
  log(line: string): void;
  signal: AbortSignal;
}

/** Runs a command; resolves with its output, rejects with its stderr. */
const run = (file: string, args: string[]): Promise<string> => runOk(file, args, { timeoutMs: 30_000 });

/**
 * Whether this machine can run the netns script. Never throws.
 * @returns not ok with one sentence naming what is missing and what to do.
 */
export async function netnsAvailability(): Promise<Availability> {
  if (process.platform !== 'linux') return { ok: false, reason: `needs Linux network namespaces; this is ${process.platform}` };
  if (process.getuid?.() !== 0) return { ok: false, reason: 'needs root to create network namespaces; run as root (sudo), or skip case H' };
  try {
    await run('ip', ['-V']);
  } catch {
    return { ok: false, reason: 'needs iproute2 (the ip command) to create network namespaces; install iproute2 (apt-get install iproute2)' };
  }
  try {
    await run('ip', ['netns', 'list']);
  } catch (error) {
    return { ok: false, reason: `cannot list network namespaces (${(error as Error).message}); this kernel or container may not allow them` };
  }
  return { ok: true };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Our namespaces' names, from `ip netns list` (lines like "hb12-123-srv (id: 0)"). */
export async function listOurNamespaces(): Promise<string[]> {
  const out = await run('ip', ['netns', 'list']);
  return out.split('\n').map((l) => l.split(' ')[0]!).filter((n) => n.startsWith(NETNS_PREFIX));
}

/** Kills what still runs in a namespace, then deletes it (its veth end goes with it). Best effort. */
function deleteNamespaceSync(name: string): void {
  try {
    const pids = execFileSync('ip', ['netns', 'pids', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    for (const pid of pids.split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
  } catch {
    // no such namespace
  }
  try {
    execFileSync('ip', ['netns', 'del', name], { stdio: 'ignore' });
  } catch {
    // already gone
  }
}

/**
 * Removes namespaces and root-namespace veth ends left by runs whose process is dead.
 * @returns the names removed.
 */
export async function removeLeftovers(log: (line: string) => void): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await listOurNamespaces()) {
    const pid = Number(/^hb12-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !pidAlive(pid)) {
      deleteNamespaceSync(name);
      removed.push(name);
    }
  }
  // A run killed between `ip link add` and moving the ends leaves them in the root namespace.
  const links = await run('ip', ['-o', 'link', 'show']);
  for (const match of links.matchAll(/^\d+: (hb12-(\d+)[sc])[@:]/gm)) {
    if (!pidAlive(Number(match[2]))) {
      try {
        execFileSync('ip', ['link', 'del', match[1]!], { stdio: 'ignore' });
        removed.push(match[1]!);
      } catch {
        // gone with its peer
      }
    }
  }
  if (removed.length > 0) log(`hop-bench netns: removed leftovers of a killed run: ${removed.join(', ')}`);
  return removed;
}

/** Names of this run's namespaces and veth ends. */
export function namesFor(pid: number) {
  return { services: `${NETNS_PREFIX}${pid}-srv`, client: `${NETNS_PREFIX}${pid}-cli`, serviceLink: `${NETNS_PREFIX}${pid}s`, clientLink: `${NETNS_PREFIX}${pid}c` };
}

/**
 * Creates the namespaces and the veth pair, runs the services in one and the client in the other
 * (cases B, C, D, G through target mode), and removes everything it created before it resolves or rejects.
 * @returns the client's target results, with the network description added (also written to options.out).
 * @throws Error naming the step that failed; the namespaces are gone by then.
 */
export async function runAcrossNamespaces(options: NetnsOptions): Promise<TargetResults & { network: NetnsNetwork }> {
  const { log, signal } = options;
  await removeLeftovers(log);
  const names = namesFor(process.pid);
  const children = new Set<ChildProcess>();
  const cleanup = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    deleteNamespaceSync(names.client);
    deleteNamespaceSync(names.services);
    try {
      execFileSync('ip', ['link', 'del', names.serviceLink], { stdio: 'ignore' });
    } catch {
      // moved into its namespace and deleted with it
    }
  };
  // Last resort: a process exit that skips the finally below still removes the namespaces.
  process.once('exit', cleanup);
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(new Error('interrupted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  const step = <T>(promise: Promise<T>) => Promise.race([promise, aborted]);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'hb12-netns-'));
  try {
    log(`hop-bench netns: creating namespaces ${names.services} and ${names.client}, veth ${names.serviceLink} ↔ ${names.clientLink}`);
    const ip = (...args: string[]) => step(run('ip', args));
    await ip('netns', 'add', names.services);
    await ip('netns', 'add', names.client);
    await ip('link', 'add', names.serviceLink, 'type', 'veth', 'peer', 'name', names.clientLink);
    await ip('link', 'set', names.serviceLink, 'netns', names.services);
    await ip('link', 'set', names.clientLink, 'netns', names.client);
    await ip('-n', names.services, 'addr', 'add', `${SERVICE_ADDRESS}/30`, 'dev', names.serviceLink);
    await ip('-n', names.client, 'addr', 'add', `${CLIENT_ADDRESS}/30`, 'dev', names.clientLink);
    for (const [ns, link] of [[names.services, names.serviceLink], [names.client, names.clientLink]] as const) {
      await ip('-n', ns, 'link', 'set', 'lo', 'up');
      await ip('-n', ns, 'link', 'set', link, 'up');
    }

    const network = await addDelay(names, options.delayMs, log);
    const token = randomBytes(16).toString('hex');
    const serve = async (label: string, args: string[]) => {
      const child = spawn('ip', ['netns', 'exec', names.services, process.execPath, cliScript(), 'serve', ...args], {
        env: { ...process.env, HOP_BENCH_TOKEN: token },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      // serve warns that 10.12.0.1 is not loopback: expected here, shown only on failure.
      child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
      const address = await step(
        new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${label} did not start within 30 s: ${err.trim()}`)), 30_000);
          child.once('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`${label} exited with code ${code}: ${err.trim()}`));
          });
          child.stdout.on('data', () => {
            const match = /listening on http:\/\/([\d.]+:\d+)/.exec(out);
            if (match && /token [0-9a-f]{32}/.test(out)) {
              clearTimeout(timer);
              resolve(match[1]!);
            }
          });
        }),
      );
      log(`hop-bench netns: ${label} at ${address} in ${names.services}`);
      return address;
    };
    const listen = `${SERVICE_ADDRESS}:0`;
    const entitlement = await serve('entitlement service', ['--role', 'entitlement', '--listen', listen]);
    const relayB = await serve('relay B', ['--role', 'relay', '--listen', listen, '--next', entitlement]);
    const relayA = await serve('relay A', ['--role', 'relay', '--listen', listen, '--next', relayB]);

    const out = path.join(tmp, 'target.json');
    const clientArgs = ['--target', relayA, '--cases', NETNS_CASES.join(','), '--out', out, ...(options.quick ? ['--quick'] : []), ...(options.runs ? ['--runs', String(options.runs)] : [])];
    log(`hop-bench netns: client in ${names.client} (${CLIENT_ADDRESS}): npm run bench -- ${clientArgs.join(' ')}`);
    const client = start('ip', ['netns', 'exec', names.client, process.execPath, cliScript(), ...clientArgs], {
      env: { ...process.env, HOP_BENCH_TOKEN: token },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.add(client.child);
    client.child.stderr!.on('data', (c: string) => {
      for (const line of c.split('\n').filter(Boolean)) log(`  client: ${line}`);
    });
    const { code } = await step(client.done);
    if (code !== 0) throw new Error(`the client in ${names.client} exited with code ${code}`);
    const results = { ...readTargetResults(out), network };
    if (options.out !== null) writeTargetResults(options.out, results);
    return results;
  } finally {
    process.off('exit', cleanup);
    cleanup();
    rmSync(tmp, { recursive: true, force: true });
    const left = (await listOurNamespaces().catch(() => [] as string[])).filter((n) => n === names.services || n === names.client);
    if (left.length > 0) log(`hop-bench netns: could not remove ${left.join(', ')}; remove with: ip netns del NAME`);
    else log(`hop-bench netns: removed ${names.services} and ${names.client}`);
  }
}

/** Adds netem's one-way delay to both ends, or says why it cannot. */
async function addDelay(names: ReturnType<typeof namesFor>, delayMs: number, log: (line: string) => void): Promise<NetnsNetwork> {
  const kind = 'veth pair between network namespaces';
  if (delayMs === 0) return { kind, netem: false, delayMs: null, note: 'no delay asked for (--delay-ms 0)' };
  try {
    for (const [ns, link] of [[names.services, names.serviceLink], [names.client, names.clientLink]] as const) {
      await run('ip', ['netns', 'exec', ns, 'tc', 'qdisc', 'add', 'dev', link, 'root', 'netem', 'delay', `${delayMs}ms`]);
    }
    log(`hop-bench netns: netem adds ${delayMs} ms one way on both veth ends (${2 * delayMs} ms per round trip)`);
    return { kind, netem: true, delayMs, note: `netem added ${delayMs} ms one way on each end, ${2 * delayMs} ms per round trip` };
  } catch (error) {
    const why = (error as Error).message.split('\n')[0]!.replace(/^.*?: /, '');
    const note = `this kernel has no sch_netem (tc: "${why}"), so no delay was added: the figures are a veth pair with no added delay`;
    log(`hop-bench netns: ${note}`);
    return { kind, netem: false, delayMs: null, note };
  }
}
