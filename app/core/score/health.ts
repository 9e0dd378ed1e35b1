/**
 * The health measurement (PRODUCT.md section 8): the /health.html window measures resting
 * heart rate and body-mass index and saves them. The `demo` provider simulates plausible
 * values; a real device integration would replace `measure`.
 */
import { createHash } from "node:crypto";

export interface HealthMeasurementResult {
  bpm: number;
  bmi: number;
}

export interface HealthMeasurementProvider {
  readonly name: string;
  measure(input: { customerId: number; at: Date }): Promise<HealthMeasurementResult>;
}

export { MEASUREMENT_LIMITS } from "../../lib/score-model.js";

export function demoHealthMeasurement(): HealthMeasurementProvider {
  return {
    name: "demo",
    async measure({ customerId, at }) {
      const digest = createHash("sha256").update(`${customerId}|${at.toISOString()}`).digest();
      const bpm = 52 + (digest.readUInt16BE(0) % 300) / 10; // 52.0–81.9
      const bmi = 19 + (digest.readUInt16BE(2) % 110) / 10; // 19.0–29.9
      return { bpm: Math.round(bpm * 10) / 10, bmi: Math.round(bmi * 10) / 10 };
    },
  };
}
