/** A wellness profile with every question answered (the /api shape of SPEC.md section 7). */
export const FULL_ANSWERS = {
  steps: { value: 12000, manual: true },
  activeDays: { value: 6 },
  exerciseMinutes: { value: 200, manual: true },
  restingHeartRate: { value: 58, manual: true },
  bmi: { value: 23.4, manual: true },
  bloodPressureKnown: { value: true },
  smoking: { value: false },
  alcoholUnits: { value: 2 },
  sleepHours: { value: 8 },
  diet: { value: "balanced" },
  stress: { value: 2 },
  screenings: { value: ["health_check", "blood_test", "dental", "cancer"] },
};
