// The coupons area's one door: what the rest of the server uses of coupons. Coupons import no
// orders: what a decision needs of an order or a customer comes in as arguments.
export { default as couponRoutes } from './routes';
export { checkResult, couponAfterEdit, couponForOrder, couponLine, decideCoupon, type CouponCustomer } from './redeem';
export { moveCouponUse, takeUse } from './redeem';
