export { getLegalPage } from './pages';
