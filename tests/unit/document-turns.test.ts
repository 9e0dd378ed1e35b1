/**
 * Whose document is drawn next (app/core/documents/turns.ts, docs/decisions/0369): each
 * customer's drawings in turn with the others', never more at once than the threads.
 */
import { describe, expect, it } from "vitest";
import { turns } from "~/core/documents/turns";

/** Drawings that end when `finish` is called, and what started in which order. */
function bench(concurrency: number) {
  const inTurn = turns(concurrency);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const draw = (owner: number | null, label: string) =>
    inTurn(owner, () => {
      started.push(label);
      return new Promise<string>((resolve) => finishers.set(label, () => resolve(label)));
    });
  const finish = async (label: string) => {
    finishers.get(label)!();
    // Let the finished drawing's turn pass to the next.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { draw, finish, settle, started };
}

describe("document turns", () => {
  it("take one drawing from each customer's line in turn, however many one customer asked for", async () => {
    const b = bench(1);
    const drawings = [b.draw(1, "a1"), b.draw(1, "a2"), b.draw(1, "a3"), b.draw(1, "a4")];
    await b.settle();
    drawings.push(b.draw(2, "b1"), b.draw(null, "everyone"), b.draw(2, "b2"));
    await b.settle();
    for (const label of ["a1", "a2", "b1", "everyone", "a3", "b2", "a4"]) {
      expect(b.started.at(-1)).toBe(label);
      await b.finish(label);
    }
    await Promise.all(drawings);
    expect(b.started).toEqual(["a1", "a2", "b1", "everyone", "a3", "b2", "a4"]);
  });

  it("run no more at once than the threads, and go on after a drawing that failed", async () => {
    const inTurn = turns(2);
    let running = 0;
    let most = 0;
    const work = (fail: boolean) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      if (fail) throw new Error("drawing failed");
      return "drawn";
    };
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => inTurn(i % 3, work(i === 4))));
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(11);
    expect(results[4]).toMatchObject({ status: "rejected" });
  });
});
