export { getBrand } from './service';
