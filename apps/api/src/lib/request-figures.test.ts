import { describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { RequestFigures } from './request-figures';

describe('RequestFigures', () => {
  it("writes Prometheus' counter and histogram: cumulative buckets, le inclusive, one series per method and status", async () => {
    const registry = new Registry();
    const figures = new RequestFigures([0.001, 0.01, 0.1]);
    figures.register(registry, { requests: 'requests', duration: 'durations' });
    const products = figures.route('/api/products/:id');
    products.record('GET', 200, 0.0005);
    products.record('GET', 200, 0.001);
    products.record('GET', 200, 0.05);
    products.record('GET', 200, 3);
    products.record('GET', 404, 0.002);
    products.record('HEAD', 200, 0.002);
    const text = await registry.metrics();
    const ok = 'method="GET",route="/api/products/:id",status_code="200"';
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain(`http_requests_total{${ok}} 4`);
    expect(text).toContain('http_requests_total{method="GET",route="/api/products/:id",status_code="404"} 1');
    expect(text).toContain('http_requests_total{method="HEAD",route="/api/products/:id",status_code="200"} 1');
    expect(text).toContain(`http_request_duration_seconds_bucket{${ok},le="0.001"} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{${ok},le="0.01"} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{${ok},le="0.1"} 3`);
    expect(text).toContain(`http_request_duration_seconds_bucket{${ok},le="+Inf"} 4`);
    expect(text).toContain(`http_request_duration_seconds_sum{${ok}} 3.0515`);
    expect(text).toContain(`http_request_duration_seconds_count{${ok}} 4`);
    registry.resetMetrics();
    expect(await registry.metrics()).toContain(`http_requests_total{${ok}} 0`);
  });
});
