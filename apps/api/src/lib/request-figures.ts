import type { Metric, Registry } from 'prom-client';

/** One series: the requests of one method, route pattern and status. */
interface Series {
  labels: { method: string; route: string; status_code: string };
  count: number;
  /** Seconds, summed. */
  sum: number;
  /** Requests per bucket, not cumulative (made cumulative when scraped); the last one is +Inf. */
  buckets: Float64Array;
}

/**
 * The requests of one route pattern, by method and status, resolved once and then only counted:
 * recording a request is a map lookup and a few additions (prom-client's Counter and Histogram
 * hash the label object of every observation, which cost more than the rest of a cached read's
 * hooks together; decision 030).
 */
export interface RouteFigures {
  record(method: string, status: number, seconds: number): void;
}

/**
 * `http_requests_total` and `http_request_duration_seconds` of one registry, in Prometheus' text
 * format through prom-client (as a counter and a histogram with the usual `_bucket`, `_sum` and
 * `_count` samples), kept in plain numbers per series.
 */
export class RequestFigures {
  private readonly series: Series[] = [];

  constructor(private readonly bounds: readonly number[]) {}

  /** The figures of one route pattern (call once per route, not per request). */
  route(route: string): RouteFigures {
    const byKey = new Map<string, Series>();
    const bounds = this.bounds;
    const make = (method: string, status: number): Series => {
      const s: Series = {
        labels: { method, route, status_code: String(status) },
        count: 0,
        sum: 0,
        buckets: new Float64Array(bounds.length + 1),
      };
      this.series.push(s);
      return s;
    };
    return {
      record(method, status, seconds) {
        // Method and status are few per route: a short key, no label object.
        const key = method + status;
        let s = byKey.get(key);
        if (s === undefined) {
          s = make(method, status);
          byKey.set(key, s);
        }
        s.count++;
        s.sum += seconds;
        let i = 0;
        while (i < bounds.length && seconds > bounds[i]!) i++;
        s.buckets[i]!++;
      },
    };
  }

  /** Registers the counter and the histogram in `registry`. */
  register(registry: Registry, help: { requests: string; duration: string }): void {
    const all = this.series;
    const bounds = this.bounds;
    const metric = (name: string, type: 'counter' | 'histogram', text: string, values: () => unknown[]) =>
      ({
        name,
        help: text,
        type,
        aggregator: 'sum',
        get: () => Promise.resolve({ name, help: text, type, aggregator: 'sum', values: values() }),
        reset: () => {
          for (const s of all) {
            s.count = 0;
            s.sum = 0;
            s.buckets.fill(0);
          }
        },
      }) as unknown as Metric;
    registry.registerMetric(
      metric('http_requests_total', 'counter', help.requests, () => all.map((s) => ({ labels: s.labels, value: s.count }))),
    );
    registry.registerMetric(
      metric('http_request_duration_seconds', 'histogram', help.duration, () =>
        all.flatMap((s) => {
          let cumulative = 0;
          const buckets = [...bounds, '+Inf' as const].map((le, i) => {
            cumulative += s.buckets[i]!;
            return { labels: { ...s.labels, le }, value: cumulative, metricName: 'http_request_duration_seconds_bucket' };
          });
          return [
            ...buckets,
            { labels: s.labels, value: s.sum, metricName: 'http_request_duration_seconds_sum' },
            { labels: s.labels, value: s.count, metricName: 'http_request_duration_seconds_count' },
          ];
        }),
      ),
    );
  }
}
