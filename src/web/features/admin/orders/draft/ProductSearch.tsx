// Finds products by name and adds one of their blisters to the order with one click, at the
// price the server charges now.
import { useState } from 'react';
import type { ProductDto } from '../../../../../domain/catalog';
import { seedsLabel } from '../../../../../domain/plural';
import { useDebouncedValue } from '../../lib/hooks';
import { formatArs } from '../../lib/format';
import { useProductSearch } from '../api';
import type { DraftLine } from './order-draft';
import { TextField } from '../../../../components/ui/fields';

export function ProductSearch({ onAdd }: { onAdd: (line: Omit<DraftLine, 'quantity'>) => void }) {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term, 250);
  const results = useProductSearch(search);
  const products = search.trim().length >= 2 ? (results.data ?? []) : [];
  return (
    <div>
      <TextField
        label="Buscar producto"
        type="search"
        value={term}
        placeholder="Nombre, banco o tipo"
        onChange={(e) => setTerm(e.target.value)}
        autoComplete="off"
      />
      {products.length > 0 && (
        <ul className="mt-2 divide-y divide-stone-100 rounded-lg border border-stone-200" aria-label="Resultados de la búsqueda">
          {products.map((product) => (
            <ProductResult key={product.id} product={product} onAdd={onAdd} />
          ))}
        </ul>
      )}
      {search.trim().length >= 2 && results.isSuccess && products.length === 0 && (
        <p className="mt-2 text-sm text-stone-500">No se encontraron productos.</p>
      )}
    </div>
  );
}

function ProductResult({ product, onAdd }: { product: ProductDto; onAdd: (line: Omit<DraftLine, 'quantity'>) => void }) {
  return (
    <li className="p-2.5">
      <p className="text-sm font-medium text-stone-900">
        {product.name} <span className="font-normal text-stone-500">· {product.brand}</span>
      </p>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {product.blisters.map((b) => {
          const price = b.final_price ?? 0;
          const soldOut = b.stock <= 0 || price <= 0;
          return (
            <button
              key={b.id}
              type="button"
              disabled={soldOut}
              onClick={() =>
                onAdd({ product_id: product.id, blister_id: b.id, product_name: product.name, seed_count: b.seed_count, unit_price: price })
              }
              className="rounded-lg border border-stone-300 bg-white px-2.5 py-1.5 text-left text-xs hover:border-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500"
            >
              <span className="sr-only">Agregar {product.name} </span>
              <span className="font-semibold">{seedsLabel(b.seed_count)}</span> · {price > 0 ? formatArs(price) : 'Sin precio'}
              <span className="block text-stone-500">{b.stock > 0 ? `Stock: ${b.stock}` : 'Sin stock'}</span>
            </button>
          );
        })}
      </div>
    </li>
  );
}
