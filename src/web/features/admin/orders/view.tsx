// Cards or table for 'Lista de Pedidos', remembered on this device.
import { useState } from 'react';
import { ChoiceButtons } from '../ui/choices';

export type OrdersView = 'cards' | 'table';
const STORAGE_KEY = 'admin.orders.view';

function storedView(): OrdersView {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

export function useOrdersView(): [OrdersView, (view: OrdersView) => void] {
  const [view, setView] = useState<OrdersView>(storedView);
  return [
    view,
    (next) => {
      setView(next);
      try {
        window.localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Private mode without storage: the choice lasts until the page is left.
      }
    },
  ];
}

const OPTIONS: { id: OrdersView; label: string }[] = [
  { id: 'cards', label: 'Tarjetas' },
  { id: 'table', label: 'Tabla' },
];

export function ViewToggle({ value, onChange }: { value: OrdersView; onChange: (view: OrdersView) => void }) {
  return (
    <ChoiceButtons
      label="Vista de pedidos"
      options={OPTIONS}
      value={value}
      onChange={onChange}
      className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5"
      buttonClass={(pressed) =>
        `min-h-9 rounded-md px-3 text-sm font-medium transition ${pressed ? 'bg-stone-800 text-white' : 'text-stone-700 hover:bg-stone-100'}`
      }
    />
  );
}
