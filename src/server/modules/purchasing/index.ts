// The purchasing area's door: what other areas and the app use of it.
export { default as purchasingRoutes } from './routes';
