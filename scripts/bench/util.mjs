// Small helpers shared by the bench's parts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";

/** An app module (TypeScript) bundled on the fly with esbuild, imported (the bundle removed once loaded). */
export async function importApp(entry) {
  const dir = mkdtempSync(path.join(tmpdir(), "elukaitse-bench-module-"));
  const outfile = path.join(dir, "module.mjs");
  try {
    await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", outfile, logLevel: "silent" });
    return await import(outfile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The health data key the bench's servers run with (32 bytes, hex); the volume seed seals with it. */
export const BENCH_HEALTH_KEY = "b".repeat(64);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The value at percentile `p` of ascending `sorted`, one decimal. */
export const percentile = (sorted, p) => (sorted.length ? +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1) : null);

export const round = (value, digits = 1) => (Number.isFinite(value) ? +value.toFixed(digits) : null);

/** "12.3 (≤ 3)": a figure beside its budget, marked when over it. */
export function vsBudget(value, budget, { atLeast = false } = {}) {
  if (value === null || value === undefined) return "—";
  const over = atLeast ? value < budget : value > budget;
  return `${value} ${over ? "✗" : "✓"} (${atLeast ? "≥" : "≤"} ${budget})`;
}

/** The median of `values` (the mean of the middle two when they are even). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * A page's CPU over its references', round by round (decision 0252): each round's page over
 * the sum of the same round's references; the median of the rounds, and their range.
 */
export function timesPerRound(page, ...references) {
  const ratios = page.map((cpu, i) => cpu / references.reduce((sum, reference) => sum + reference[i], 0));
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}
