/**
 * The document threads' turns (app/core/documents/fair-share.ts): each requester's line in
 * turn, never more at once than the slots, first come first served within a line.
 */
import { describe, expect, it } from "vitest";
import { fairShare, onBehalfOf } from "~/core/documents/fair-share";

function heldRenderer() {
  const held: Array<{ task: string; done(): void; fail(error: Error): void }> = [];
  const run = (task: string) =>
    new Promise<string>((resolve, reject) => held.push({ task, done: () => resolve(task), fail: reject }));
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { held, run, settle };
}

describe("fair share of the document threads", () => {
  it("takes the requesters' lines in turn, one slot at a time", async () => {
    const { held, run, settle } = heldRenderer();
    const render = fairShare(run, 1);
    const drawn: string[] = [];
    const ask = (who: string, task: string) => onBehalfOf(who, () => render(task).then((t) => void drawn.push(t)));
    const asked = [...["a1", "a2", "a3", "a4"].map((t) => ask("a", t)), ask("b", "b1"), ask("c", "c1"), ask("b", "b2")];
    for (let i = 0; i < 7; i++) {
      expect(held.length).toBe(i + 1);
      held[i]!.done();
      await settle();
    }
    await Promise.all(asked);
    expect(drawn).toEqual(["a1", "a2", "b1", "c1", "a3", "b2", "a4"]);
  });

  it("never runs more than its slots at once, and a failure frees its slot", async () => {
    const { held, run, settle } = heldRenderer();
    const render = fairShare(run, 2);
    const answers = ["x1", "x2", "x3"].map((t) => onBehalfOf("x", () => render(t).catch((error: Error) => error.message)));
    await settle();
    expect(held.map((h) => h.task)).toEqual(["x1", "x2"]);
    held[0]!.fail(new Error("broken"));
    await settle();
    expect(held.map((h) => h.task)).toEqual(["x1", "x2", "x3"]);
    held[1]!.done();
    held[2]!.done();
    expect(await Promise.all(answers)).toEqual(["broken", "x2", "x3"]);
  });

  it("serves requests named by no one in one line of their own", async () => {
    const { held, run, settle } = heldRenderer();
    const render = fairShare(run, 1);
    const answers = [render("n1"), render("n2")];
    await settle();
    held[0]!.done();
    await settle();
    held[1]!.done();
    expect(await Promise.all(answers)).toEqual(["n1", "n2"]);
  });
});
