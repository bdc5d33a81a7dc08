// /admin/configuracion: the site settings panel in the back office.
import { PageHeader } from '../ui/PageHeader';
import { SettingsTabs } from './SettingsTabs';
import SiteSettingsPanel from './SiteSettingsPanel';
import { LegalSettings } from './LegalSettings';
import { useScrollToSection } from './SettingsSection';

export default function SettingsPage() {
  useScrollToSection();
  return (
    <>
      <PageHeader
        title="Configuración de la tienda"
        subtitle="Modo mantenimiento, acceso con contraseña, cotización del dólar, alerta de stock y datos de pago."
      />
      <SettingsTabs />
      <SiteSettingsPanel showTitle={false} />
      <LegalSettings />
    </>
  );
}
