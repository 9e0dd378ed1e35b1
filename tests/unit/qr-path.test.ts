/** The web page's QR code (app/core/documents/pdf.ts qrSvgPath): one rectangle per run of dark modules, exactly the code's modules. */
import encodeQR from "@paulmillr/qr";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { qrSvgPath } from "~/core/documents/pdf";

/** The modules a path paints, read back from its rectangles (`M x y` or `m dx 0`, then `h n v1 h-n z`). */
function painted(d: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  const rectangle = /([Mm])(\d+) (\d+)h(\d+)v1h-(\d+)z/y;
  for (let match; (match = rectangle.exec(d)); ) {
    const [, move, a, b, width, back] = match;
    expect(back).toBe(width);
    if (move === "M") [x, y] = [Number(a), Number(b)];
    else [x, y] = [x + Number(a), y + Number(b)];
    for (let i = 0; i < Number(width); i++) {
      expect(grid[y][x + i], `module ${x + i},${y} painted twice`).toBe(false);
      grid[y][x + i] = true;
    }
    if (rectangle.lastIndex === d.length) return grid;
  }
  throw new Error(`not a path of rectangles at ${rectangle.lastIndex}: ${d.slice(rectangle.lastIndex, rectangle.lastIndex + 20)}`);
}

describe("the QR code's path", () => {
  it("paints exactly the code's dark modules inside a four-module quiet zone, whatever the payload", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (payload) => {
        const modules = encodeQR(payload, "raw", { ecc: "medium", encoding: "byte", border: 0 });
        const { size, d } = qrSvgPath(payload);
        expect(size).toBe(modules.length + 8);
        const expected = Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => modules[y - 4]?.[x - 4] === true));
        expect(painted(d, size)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
