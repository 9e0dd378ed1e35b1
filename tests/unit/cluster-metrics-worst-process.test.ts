/**
 * With WORKERS > 1 the primary merges every process's metrics into one answer
 * (app/http/cluster.server.ts, docs/decisions/0111). prom-client averages its event-loop lag
 * gauges over the processes, so one process stalled among eight showed an eighth of its lag and
 * the alert on `nodejs_eventloop_lag_p99_seconds` (docs/operations.md) stayed quiet: the
 * instance's lag is its worst process's. Two real registries, one lagging, merged as the
 * primary merges what each worker sends.
 */
import { AggregatorRegistry, collectDefaultMetrics, Counter, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { workerMetrics } from "~/http/cluster.server";

async function processMetrics(lagSeconds: number) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Counter({ name: "http_responses_total", help: "answers", registers: [registry] }).inc(3);
  const sent = workerMetrics(registry);
  // What the worker hands prom-client's cluster support (a start failed when it was no Registry).
  AggregatorRegistry.setRegistries([sent]);
  const json = await sent.getMetricsAsJSON();
  // What this process measured: its event loop lagging by `lagSeconds` (the measurements are the
  // test process's own; the rule that merges them is what is tested).
  for (const metric of json) {
    if (/^nodejs_eventloop_lag_(seconds|mean_seconds|p50_seconds|p90_seconds|p99_seconds)$/.test(metric.name)) {
      for (const value of metric.values) value.value = lagSeconds;
    }
  }
  return json;
}

const valueOf = async (registry: Pick<Registry, "getSingleMetricAsString">, name: string) => {
  const line = (await registry.getSingleMetricAsString(name)).split("\n").find((l) => l.startsWith(`${name} `));
  return Number(line?.split(" ")[1]);
};

describe("the metrics of several processes, merged", () => {
  it("give the worst process's event-loop lag, and still sum the counts", async () => {
    const merged = AggregatorRegistry.aggregate([await processMetrics(0.8), ...(await Promise.all(Array.from({ length: 7 }, () => processMetrics(0.01))))]);
    expect(await valueOf(merged, "nodejs_eventloop_lag_p99_seconds")).toBe(0.8);
    expect(await valueOf(merged, "nodejs_eventloop_lag_p90_seconds")).toBe(0.8);
    expect(await valueOf(merged, "nodejs_eventloop_lag_seconds")).toBe(0.8);
    expect(await valueOf(merged, "http_responses_total")).toBe(24);
  });
});
