// The orders area's one door: what the rest of the server uses of orders. Files outside
// src/server/modules/orders import from here, never from a file inside.
export { default as orderRoutes } from './routes';
export { createOrderCaches } from './caches';
export { expireStalePendingOrders } from './expiry';
export { listMyOrders } from './reads';
export { inStages } from './stages';
export {
  activeOrdersCount,
  countOrdersOf,
  customerOrderIn,
  customerOrderLines,
  customerOrdersWithProducts,
  keepCustomerOnOrders,
  latestOrderPhone,
  orderedSince,
  orderByNumberAndEmail,
  orderColumns,
  orderIdsNumbered,
  orderLineFor,
  orderNumberAndCustomer,
  ordersCountColumn,
  productInAnyOrder,
  revenueByCoupon,
} from './lookups';
