// The brand picker's list: the brands that match what was typed, and 'Crear banco «…»' when no
// brand has that name.
import type { BrandDto } from '../../../../domain/catalog';
import { PlusIcon } from '../../../components/ui/account-icons';

export function BrandOptions({
  listId,
  optionId,
  matches,
  selectedId,
  createName,
  active,
  onActive,
  onChoose,
}: {
  listId: string;
  optionId(index: number): string;
  matches: BrandDto[];
  selectedId: number | null;
  /** The name a new brand would take; null when creating is not offered. */
  createName: string | null;
  active: number;
  onActive(index: number): void;
  onChoose(index: number): void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Bancos"
      className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
    >
      {matches.map((brand, index) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- options are chosen from the keyboard on the combobox input (aria-activedescendant)
        <li
          key={brand.id}
          id={optionId(index)}
          role="option"
          aria-selected={selectedId === brand.id}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(index)}
          onMouseEnter={() => onActive(index)}
          className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-900' : 'text-stone-800'}`}
        >
          <span className="truncate">{brand.brand_name}</span>
          <span className="shrink-0 text-xs text-stone-500">{brand.is_national ? 'Nacional' : 'Internacional'}</span>
        </li>
      ))}
      {createName !== null && (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- options are chosen from the keyboard on the combobox input (aria-activedescendant)
        <li
          id={optionId(matches.length)}
          role="option"
          aria-selected={false}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(matches.length)}
          onMouseEnter={() => onActive(matches.length)}
          className={`flex cursor-pointer items-center gap-2 border-t border-stone-100 px-3 py-2 text-sm font-medium ${
            active === matches.length ? 'bg-brand-50 text-brand-900' : 'text-brand-800'
          }`}
        >
          <PlusIcon size={16} />
          Crear banco «{createName}»
        </li>
      )}
    </ul>
  );
}
