export { readShippingMethod } from './settings';
