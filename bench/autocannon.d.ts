// autocannon ships no types; this covers the programmatic use in slack-load.ts only.
declare module "autocannon" {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
  }
  export interface Histogram {
    p50: number;
    p99: number;
    max: number;
    mean: number;
  }
  export interface AutocannonResult {
    latency: Histogram;
    requests: Histogram & { sent: number; total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
