// The 'Garantía' section of /mi-cuenta (spec accounts-admin §2 warranty): tabs 'Nueva Solicitud'
// and 'Mis Solicitudes'; a logged-in customer lands on the status tab and returns to it after
// filing a claim.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSession } from '../../lib/session';
import { ClaimList } from './ClaimList';
import { WarrantyForm } from './WarrantyForm';

type Tab = 'form' | 'status';

const TABS: { id: Tab; label: string }[] = [
  { id: 'form', label: 'Nueva Solicitud' },
  { id: 'status', label: 'Mis Solicitudes' },
];

export function WarrantySection() {
  const { user } = useSession();
  const [tab, setTab] = useState<Tab>('status');
  const id = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ form: null, status: null });

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: Tab = tab === 'form' ? 'status' : 'form';
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-stone-900">
        Garantía de germinación
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Si una semilla no germinó, envíanos una solicitud con fotos y te responderemos en 48-72 horas hábiles.
      </p>

      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex: the tabs take focus, the tablist handles their arrow keys */}
      <div role="tablist" aria-label="Garantía" className="mt-4 inline-flex rounded-xl bg-stone-200/70 p-1" onKeyDown={onKeyDown}>
        {TABS.map(({ id: tabId, label }) => (
          <button
            key={tabId}
            ref={(el) => {
              tabRefs.current[tabId] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tabId}`}
            aria-selected={tab === tabId}
            aria-controls={`${id}-panel-${tabId}`}
            tabIndex={tab === tabId ? 0 : -1}
            onClick={() => setTab(tabId)}
            className={`min-h-10 rounded-lg px-4 text-sm font-semibold transition ${tab === tabId ? 'bg-white text-brand-900 shadow-sm' : 'text-stone-700 hover:text-stone-900'}`}
          >
            {label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} className="mt-5">
        {tab === 'form' ? <WarrantyForm user={user} onSubmitted={() => setTab('status')} /> : <ClaimList onCreate={() => setTab('form')} />}
      </div>
    </section>
  );
}
