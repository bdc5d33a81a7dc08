export { couponRules, customerFacts, findCoupon, findCouponByCode, moveCouponUse, takeUse } from './uses';
export type { CouponRow } from './uses';
