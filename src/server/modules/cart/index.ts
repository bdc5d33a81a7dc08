// What other areas use of the cart: its routes, and adding lines to a customer's cart.
export { default as cartRoutes } from './routes';
export { sendCartReminders } from './reminders';
export { addToCart, priceCartLines, readCart } from './service';
