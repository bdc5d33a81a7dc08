// The settings page's legal sections (issue 24): contact and fiscal data, and the legal pages.
import { ContactSettings } from './ContactSettings';
import { LegalPagesEditor } from './LegalPagesEditor';
import { SettingsSection } from './SettingsSection';

export function LegalSettings() {
  return (
    <section className="@container mt-5 grid gap-5" aria-label="Contacto y páginas legales">
      <SettingsSection id="contacto">
        <ContactSettings />
      </SettingsSection>
      <SettingsSection id="paginas-legales">
        <LegalPagesEditor />
      </SettingsSection>
    </section>
  );
}
