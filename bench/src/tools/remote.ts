/**
 * Talking to serve-mode services on another host (case H): addresses, control calls with the token,
 * and Service objects for remote services, so the reference cases run against them unchanged.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { postJsonTls } from '../cases/g-tls/tls-client.ts';
import { postJson, type Endpoint } from '../harness/http-client.ts';
import { EnvironmentSchema, type Environment } from '../harness/schema.ts';
import { ServiceError, withTimeout, type Service } from '../harness/process.ts';
import { z } from 'zod';

/** Bound on any control call, ms. */
export const CONTROL_TIMEOUT_MS = 10_000;

/**
 * Parses "ADDR:PORT" (IPv4, or [IPv6]:PORT). Port 0 is allowed only where `allowZero` (a listen address).
 * @throws Error naming the option and the expected form.
 */
export function parseHostPort(value: string, option: string, allowZero = false): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value.trim());
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (!match || !host || isIP(host) === 0 || !(port <= 65535) || (!allowZero && port === 0)) {
    throw new Error(`${option} takes ADDR:PORT with a numeric IP address, e.g. 10.0.0.2:7000${allowZero ? ' (port 0: any free port)' : ''}; got "${value}"`);
  }
  return { host, port };
}

/** "host:port", with brackets for IPv6. */
export function formatHostPort(host: string, port: number): string {
  return isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
}

/** What a serve-mode service says about itself on POST /info. */
export const ServiceInfoSchema = z.object({
  /** "entitlement", "relay" or "entitlement-tls". */
  role: z.enum(['entitlement', 'relay', 'entitlement-tls']),
  /** The relay's next hop. */
  next: z.object({ host: z.string(), port: z.number().int().positive() }).optional(),
  /** The entitlement role's HTTPS service for case G: its port on the same host, and its certificate (public). */
  tls: z.object({ port: z.number().int().positive(), certPem: z.string(), certificateType: z.string() }).optional(),
  /** The environment of the host the service runs on. */
  environment: EnvironmentSchema,
});
export type ServiceInfo = z.infer<typeof ServiceInfoSchema>;

const controlAgent = new http.Agent({ keepAlive: false });

/**
 * POSTs a control call (/info, /stats, /reset, /count) to a remote service with the token.
 * @throws Error when the service does not answer in time, refuses the token (401), or answers non-200.
 */
export async function control(endpoint: Endpoint, path: string): Promise<unknown> {
  const where = formatHostPort(endpoint.host, endpoint.port);
  let reply;
  try {
    reply = await withTimeout(postJson(controlAgent, endpoint, path, '{}'), CONTROL_TIMEOUT_MS, () => `${where} did not answer ${path} within ${CONTROL_TIMEOUT_MS} ms`);
  } catch (error) {
    throw new ServiceError(`${where} ${path}: ${(error as Error).message}; is \`npm run bench -- serve\` running there and reachable?`);
  }
  if (reply.status === 401) throw new ServiceError(`${where} refused the token (401): pass the token that serve printed with --token`);
  if (reply.status !== 200) throw new ServiceError(`${where} ${path} answered ${reply.status}: ${reply.body}`);
  return JSON.parse(reply.body) as unknown;
}

/** Reads a remote service's /info. @throws Error as control() does, or when the answer has the wrong shape. */
export async function serviceInfo(endpoint: Endpoint): Promise<ServiceInfo> {
  const parsed = ServiceInfoSchema.safeParse(await control(endpoint, '/info'));
  if (!parsed.success) throw new ServiceError(`${formatHostPort(endpoint.host, endpoint.port)} /info is not a hop-bench service: ${parsed.error.message}`);
  return parsed.data;
}

/** Connections that carried a /check, as the remote service counts them (control calls excluded). */
export async function remoteConnections(endpoint: Endpoint): Promise<number> {
  return z.object({ connections: z.number().int().nonnegative() }).parse(await control(endpoint, '/stats')).connections;
}

/**
 * Connections that carried a /check at a remote HTTPS service (case G), asked over HTTPS with the
 * certificate the service published and nothing else trusted.
 * @throws Error when it does not answer in time or answers non-200.
 */
export async function remoteTlsConnections(endpoint: Endpoint & { token: string }, certPem: string): Promise<number> {
  const where = formatHostPort(endpoint.host, endpoint.port);
  const agent = new https.Agent({ keepAlive: false, maxCachedSessions: 0, ca: certPem });
  try {
    const reply = await withTimeout(
      postJsonTls(agent, endpoint.host, endpoint.port, '/stats', '{}', endpoint.token),
      CONTROL_TIMEOUT_MS,
      () => `${where} did not answer /stats within ${CONTROL_TIMEOUT_MS} ms`,
    );
    if (reply.status !== 200) throw new ServiceError(`${where} /stats answered ${reply.status}: ${reply.body}`);
    return z.object({ connections: z.number().int().nonnegative() }).parse(JSON.parse(reply.body)).connections;
  } finally {
    agent.destroy();
  }
}

/** A remote service as the suite sees one: stop() does nothing (its owner stops it), died never settles. */
export function remoteService(label: string, endpoint: Endpoint & { token: string }): Service {
  return {
    label,
    host: endpoint.host,
    port: endpoint.port,
    token: endpoint.token,
    connections: () => remoteConnections(endpoint),
    cpuUsage: () => Promise.reject(new ServiceError(`${label}: CPU time is reported over IPC, so not for a service on another host`)),
    stop: async () => {},
    died: new Promise<never>(() => {}),
  };
}

/** One service of a remote chain: where it is and what it said about itself. */
export interface ChainLink {
  endpoint: Endpoint & { token: string };
  info: ServiceInfo;
}

/**
 * Follows a target's next hops to the entitlement service at the end.
 * @returns the links in call order: [target, …, entitlement].
 * @throws Error when a link does not answer, a relay has no next hop, or the chain is longer than 8.
 */
export async function discoverChain(target: Endpoint & { token: string }): Promise<ChainLink[]> {
  const links: ChainLink[] = [];
  let endpoint: (Endpoint & { token: string }) | undefined = target;
  while (endpoint) {
    if (links.length >= 8) throw new Error('the chain of relays from --target is longer than 8; is there a loop of --next?');
    const info = await serviceInfo(endpoint);
    links.push({ endpoint, info });
    if (info.role === 'entitlement') return links;
    if (info.role !== 'relay' || !info.next) throw new Error(`${formatHostPort(endpoint.host, endpoint.port)} is a ${info.role} service; --target takes an entitlement service or a relay`);
    endpoint = { host: info.next.host, port: info.next.port, token: target.token };
  }
  return links;
}

/** Summary of an environment for a setup line: host name, CPU, cores, OS and Node. */
export function describeMachine(env: Environment): string {
  return `${env.hostname} (${env.cpuModel}, ${env.cores} cores, ${env.osType} ${env.osRelease}, Node ${env.nodeVersion})`;
}
