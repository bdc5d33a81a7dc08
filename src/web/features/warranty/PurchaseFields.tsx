// The purchase half of the warranty claim form: where the seeds were bought, who claims, and the
// order and product (bought here) or the date and product name (bought elsewhere).
import { useId } from 'react';
import { formatDate } from '../../../domain/dates';
import { EmailField, ReadOnlyField, SelectField, TextField } from '../../components/ui/fields';
import type { SessionUser } from '../../lib/session';
import type { ClaimForm } from './use-claim-form';

const fullName = (user: SessionUser) => `${user.first_name} ${user.last_name}`.trim() || user.username;

export function PurchaseTypeChoice({ form }: { form: ClaimForm }) {
  const { purchaseType, orders, choosePurchaseType } = form;
  return (
    <fieldset>
      <legend className="sr-only">¿Dónde compraste las semillas?</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <TypeOption
          checked={purchaseType === 'with-order'}
          onSelect={() => choosePurchaseType('with-order')}
          title="Compré en esta tienda"
          text={orders.length ? 'Elige el pedido y el producto.' : 'No tienes pedidos que puedan reclamarse.'}
          disabled={!orders.length}
        />
        <TypeOption
          checked={purchaseType === 'without-order'}
          onSelect={() => choosePurchaseType('without-order')}
          title="Compré en otro lugar"
          text="Indica la fecha de compra y el producto."
        />
      </div>
    </fieldset>
  );
}

function TypeOption({
  checked,
  onSelect,
  title,
  text,
  disabled,
}: {
  checked: boolean;
  onSelect: () => void;
  title: string;
  text: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <label
      className={`flex cursor-pointer gap-3 rounded-xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40 ${
        checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200 hover:border-stone-300'
      } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
    >
      <input
        type="radio"
        name="purchase_type"
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="mt-1 h-4 w-4 accent-brand-700"
      />
      <span>
        <span id={`${id}-title`} className="block font-medium text-stone-900">
          {title}
        </span>
        <span id={`${id}-text`} className="block text-sm text-stone-600">
          {text}
        </span>
      </span>
    </label>
  );
}

/** A guest types name and e-mail; a customer's come from the order or the account. */
export function ClaimantFields({ form }: { form: ClaimForm }) {
  const { user, order, values, set, touch, errorOf } = form;
  if (user) {
    return (
      <>
        <ReadOnlyField label="Nombre" value={order?.recipient_name || fullName(user)} />
        <ReadOnlyField label="Correo electrónico" value={user.email} />
      </>
    );
  }
  return (
    <>
      <TextField
        label="Nombre"
        autoComplete="name"
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        onBlur={() => touch('name')}
        error={errorOf('name')}
      />
      <EmailField
        label="Correo electrónico"
        value={values.email}
        onChange={(e) => set('email', e.target.value)}
        onBlur={() => touch('email')}
        error={errorOf('email')}
      />
    </>
  );
}

export function OrderFields({ form }: { form: ClaimForm }) {
  const { orders, order, fill, values, set, touch, chooseOrder, errorOf } = form;
  return (
    <>
      <SelectField
        label="Pedido"
        value={values.order_id}
        onChange={(e) => chooseOrder(e.target.value)}
        onBlur={() => touch('order_id')}
        error={errorOf('order_id')}
      >
        <option value="">Selecciona un pedido</option>
        {orders.map((o) => (
          <option key={o.id} value={o.id}>
            Pedido #{o.order_number} · {formatDate(o.purchase_date)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Producto"
        value={values.product_id}
        onChange={(e) => set('product_id', e.target.value)}
        onBlur={() => touch('product_id')}
        error={values.order_id ? errorOf('product_id') : undefined}
        disabled={!order}
        hint={!order ? 'Primero selecciona un pedido.' : undefined}
      >
        <option value="">Selecciona un producto</option>
        {order?.products.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <ReadOnlyField label="Fecha de compra" value={fill.purchase_date ? formatDate(fill.purchase_date) : ''} />
      <ReadOnlyField label="Nombre del producto" value={fill.product_name} />
    </>
  );
}

/** A purchase made elsewhere: its date and the product's name. */
export function OutsidePurchaseFields({ form }: { form: ClaimForm }) {
  const { today, values, set, touch, errorOf } = form;
  return (
    <>
      <TextField
        label="Fecha de compra"
        type="date"
        max={today}
        value={values.purchase_date}
        onChange={(e) => set('purchase_date', e.target.value)}
        onBlur={() => touch('purchase_date')}
        error={errorOf('purchase_date')}
      />
      <TextField
        label="Nombre del producto"
        value={values.product_name}
        onChange={(e) => set('product_name', e.target.value)}
        onBlur={() => touch('product_name')}
        error={errorOf('product_name')}
        placeholder="Ej.: Gorilla Glue Auto x3"
      />
    </>
  );
}
