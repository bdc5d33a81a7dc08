// What the server uses of the cart: its routes ("Repetir pedido" included) and the reminders' job.
export { default as cartRoutes } from './routes';
export { default as reorderRoutes } from './reorder-routes';
export { sendCartReminders } from './reminders';
export { readCart } from './service';
