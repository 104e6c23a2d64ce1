// The part of autocannon's API the benchmarks use; the package ships no type declarations.
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    p99_99: number;
    p99_999: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    method?: string;
    headers?: Record<string, string>;
    timeout?: number;
    /** Sent in turn on each connection, paths relative to `url`. */
    requests?: { method?: string; path: string; body?: string }[];
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
