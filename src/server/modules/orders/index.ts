export {
  activeOrdersCount,
  countOrdersOf,
  customerOrderIn,
  customerOrdersWithProducts,
  keepCustomerOnOrders,
  latestOrderPhone,
  orderByNumberAndEmail,
  orderColumns,
  orderIdsNumbered,
  orderLineFor,
  orderNumberAndCustomer,
  ordersCountColumn,
  productInAnyOrder,
} from './lookups';
export { listMyOrders } from './service';
export { inStages } from './stages';
