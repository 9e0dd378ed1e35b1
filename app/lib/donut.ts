/**
 * The first-payment breakdown donut (SPEC.md section 9), isomorphic geometry: the server
 * renders it as SVG, the tests check it. The angle total is premiumTotal + 2 ×
 * wellnessDiscount: the gross parts plus a "health dividends" slice equal to the discount
 * (PRODUCT.md section 5).
 */

export const DONUT_COLOURS = {
  healthDividends: "#6AE9A2",
  life: "#F2FEB1",
  disability: "#005724",
  services: "#059142",
  membershipFee: "#F1DFCB",
} as const;

export type DonutPart = keyof typeof DONUT_COLOURS;

/** The part taken off the others (the wellness discount): its slice is drawn like a part, its amount written as a reduction. */
export const deducted = (part: DonutPart): boolean => part === "healthDividends";

export const DONUT_PARTS: DonutPart[] = ["healthDividends", "life", "disability", "services", "membershipFee"];

export interface DonutInput {
  wellnessDiscount: number;
  premiumForDeathCover: number;
  premiumForDisabilityCover: number;
  services: Array<{ premium: number }>;
  membershipFee: number;
  premiumTotal: number;
}

export interface DonutSegment {
  part: DonutPart;
  colour: string;
  cents: number;
  /** Degrees, clockwise from 12 o'clock. */
  startAngle: number;
  sweep: number;
}

export function donutTotal(e: DonutInput): number {
  return e.premiumTotal + 2 * e.wellnessDiscount;
}

export function donutSegments(e: DonutInput): DonutSegment[] {
  const amounts: Record<DonutPart, number> = {
    healthDividends: e.wellnessDiscount,
    life: e.premiumForDeathCover,
    disability: e.premiumForDisabilityCover,
    services: e.services.reduce((sum, s) => sum + s.premium, 0),
    membershipFee: e.membershipFee,
  };
  const total = donutTotal(e);
  let angle = 0;
  const segments: DonutSegment[] = [];
  for (const part of DONUT_PARTS) {
    const cents = amounts[part];
    if (cents <= 0 || total <= 0) continue;
    const sweep = (cents / total) * 360;
    segments.push({ part, colour: DONUT_COLOURS[part], cents, startAngle: angle, sweep });
    angle += sweep;
  }
  return segments;
}

/** A coordinate to a tenth of the view box's unit (under half a pixel at 480 px), without trailing zeros. */
const coordinate = (value: number) => String(Math.round(value * 10) / 10 + 0);

const point = (cx: number, cy: number, r: number, degrees: number) => {
  const rad = ((degrees - 90) * Math.PI) / 180;
  return `${coordinate(cx + r * Math.cos(rad))} ${coordinate(cy + r * Math.sin(rad))}`;
};

/**
 * An SVG path for one ring segment in a 100 × 100 view box, as short as SVG allows (every page
 * with an estimate carries it in its HTML). A full circle is drawn as two halves: an arc cannot
 * start and end on the same point.
 */
export function segmentPath(startAngle: number, sweep: number, outer = 50, inner = 30): string {
  if (sweep >= 359.999) {
    return segmentPath(0, 180, outer, inner) + segmentPath(180, 180, outer, inner);
  }
  const end = startAngle + sweep;
  const large = sweep > 180 ? 1 : 0;
  return (
    `M${point(50, 50, outer, startAngle)}` +
    `A${outer} ${outer} 0 ${large} 1 ${point(50, 50, outer, end)}` +
    `L${point(50, 50, inner, end)}` +
    `A${inner} ${inner} 0 ${large} 0 ${point(50, 50, inner, startAngle)}Z`
  );
}
