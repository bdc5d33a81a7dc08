// One add-to-cart path for cards and the detail page, with the spec's messages (storefront §5).
import { toast } from '../lib/toast';
import type { BlisterDto, ProductDto } from '../../domain/catalog';
import { CartRuleError } from '../../domain/cart';
import { cart } from '../lib/cart-store';
import { shownPrice } from './price';

export function addProductToCart(product: ProductDto, blister: BlisterDto | undefined, signedIn: boolean): boolean {
  if (!signedIn) {
    toast.error('Debes iniciar sesión para agregar productos al carrito');
    return false;
  }
  if (!blister) {
    toast.error('No se ha seleccionado una presentación', { description: 'Por favor selecciona una presentación' });
    return false;
  }
  const price = shownPrice(blister);
  if (!price) {
    toast.error('Esta presentación no tiene precio asignado');
    return false;
  }
  try {
    cart.add(
      {
        id: product.id,
        blister_id: blister.id,
        name: product.name,
        price: price.final,
        original_price: price.original,
        discount: price.discount,
        brand: product.brand,
        image: product.image,
        seed_count: blister.seed_count,
        quantity: 1,
      },
      blister.stock,
    );
  } catch (error) {
    toast.error(error instanceof CartRuleError ? error.message : 'Error al agregar el producto al carrito');
    return false;
  }
  toast.success('Producto añadido al carrito');
  return true;
}
