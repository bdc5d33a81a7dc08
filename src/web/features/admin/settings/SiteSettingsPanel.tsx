// 'Configuración de la tienda' (spec accounts-admin §2 site settings panel): shown at
// /admin/configuracion and as the admin-only 'Configuración' section of /mi-cuenta.
import { DensityContext } from '../../../components/ui/Button';
import { DollarRateSettings } from './DollarRateSettings';
import { LowStockSettings } from './LowStockSettings';
import { CouponCombinationSettings } from './CouponCombinationSettings';
import { PendingCapSettings } from './PendingCapSettings';
import { CartReminderSettings } from './CartReminderSettings';
import { MaintenanceSettings } from './MaintenanceSettings';
import { PaymentSettings } from './PaymentSettings';
import { SettingsSection } from './SettingsSection';
import { StockAlertSettings } from './StockAlertSettings';
// Shown in Mi cuenta too, where the storefront's stylesheet lacks the admin's classes.
import '../admin.css';

export default function SiteSettingsPanel({ showTitle = true }: { showTitle?: boolean }) {
  return (
    // Compact as in the back office, also where Mi cuenta shows it.
    <DensityContext value="compact">
      <section
        className="@container"
        aria-labelledby={showTitle ? 'site-settings-heading' : undefined}
        aria-label={showTitle ? undefined : 'Configuración de la tienda'}
      >
        {showTitle && (
          <h2 id="site-settings-heading" className="mb-4 text-xl font-bold text-stone-900">
            Configuración de la tienda
          </h2>
        )}
        <div className="grid gap-5 @4xl:grid-cols-2 @4xl:items-start">
          <MaintenanceSettings />
          <DollarRateSettings />
          <StockAlertSettings />
          <LowStockSettings />
          <PendingCapSettings />
          <CouponCombinationSettings />
          <CartReminderSettings />
          <SettingsSection id="datos-de-pago" className="@4xl:col-span-2">
            <PaymentSettings />
          </SettingsSection>
        </div>
      </section>
    </DensityContext>
  );
}
