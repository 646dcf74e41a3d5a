/** The part of autocannon's programmatic API the peer comparison uses (autocannon ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    workers?: number;
  }
  interface Result {
    /** Requests per second, sampled each second; `total` is all requests completed. */
    requests: { average: number; total: number; sent: number };
    latency: { p50: number; p99: number; average: number };
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  /** A run: a thenable of its result, with stop() to end it early. */
  function autocannon(options: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
