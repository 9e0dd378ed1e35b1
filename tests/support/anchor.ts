/**
 * PRODUCT.md section 5's worked example, the figures every price test anchors on: a customer
 * of 40 insured for 100 000 € death and 100 000 € disability, no services, no discount
 * (death 7.34, disability 8.20, membership 1.50: 17.04 € a month).
 */
export const anchorEstimation = (wellnessScore: number | null) => ({
  wellnessScore,
  wellnessDiscountPercent: 0,
  wellnessDiscount: 0,
  premiumForDeathCover: 734,
  premiumForDisabilityCover: 820,
  services: [],
  membershipFee: 150,
  premiumTotal: 1704,
});
