// The account page with the sections other features give it (the route table's "mi-cuenta"): a
// feature does not import another, so they meet here.
import { lazy } from 'react';
import { WarrantySection } from './features/warranty/WarrantySection';
import AccountPage from './features/account/AccountPage';

// The site settings section: admins only, so customers never download it.
const SiteSettingsPanel = lazy(() => import('./features/admin/settings/SiteSettingsPanel'));

export default function MyAccountPage() {
  return <AccountPage warranty={<WarrantySection />} siteSettings={<SiteSettingsPanel />} />;
}
