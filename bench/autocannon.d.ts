/** The slice of autocannon's programmatic API that bench/http.ts uses (the package ships no types). */
declare module "autocannon" {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };
  export type Result = {
    url: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };
  /** The request autocannon is about to send, as `setupRequest` may change it (headers merged with Options.headers). */
  export type RequestParams = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer };
  export type SetupRequest = (request: RequestParams) => RequestParams;
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    /** The sequence each connection sends, over and over; `setupRequest` is called for each request it sends. */
    requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; setupRequest?: SetupRequest }>;
  };
  function autocannon(options: Options): Promise<Result> & { stop?: () => void };
  export default autocannon;
}
