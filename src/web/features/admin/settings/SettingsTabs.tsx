// The parts of 'Configuración': the shop's general settings and its shipping methods.
import { NavLink } from 'react-router';

const TABS = [
  { to: '/admin/configuracion', label: 'General', end: true },
  { to: '/admin/configuracion/envios', label: 'Envíos', end: false },
];

export function SettingsTabs() {
  return (
    <nav aria-label="Secciones de configuración" className="mb-5 flex gap-1 border-b border-stone-200">
      {TABS.map(({ to, label, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium transition ${
              isActive ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-600 hover:text-stone-900'
            }`
          }
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
