// The storefront frame: shipping banner, header, page, footer and the age gate on top.
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useFirstRender } from '../lib/first-render';
import { AgeGate, readAgeVerified, rememberAgeVerified } from './AgeGate';
import { Footer } from './Footer';
import { Header, ShippingBanner } from './Header';
import { WhatsAppButton } from './WhatsAppButton';
import { HydrationSlice } from '../lib/hydration-slices';

export function Layout() {
  const firstRender = useFirstRender();
  const [verified, setVerified] = useState(() => firstRender?.ageVerified ?? readAgeVerified());

  // Confirmed before the cookie existed: the server rendered the gate, the storage knows better.
  useEffect(() => {
    if (verified || !readAgeVerified()) return;
    rememberAgeVerified();
    setVerified(true);
  }, [verified]);

  return (
    <>
      {/* First in the document, so the page's first paint already has the gate's scroll lock
          (data-scroll-lock, theme.css); the page is rendered under it so it stays in the document for crawlers. */}
      {!verified && <AgeGate onVerified={() => setVerified(true)} />}
      <div className="flex min-h-screen flex-col" inert={!verified}>
        <a href="#contenido" className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
          Saltar al contenido
        </a>
        <ShippingBanner />
        <Header />
        <main id="contenido" className="flex-1">
          <Outlet />
        </main>
        <HydrationSlice>
          <Footer />
        </HydrationSlice>
        <WhatsAppButton />
      </div>
      {/* Every navigation starts at the top (filter changes opt out with preventScrollReset). */}
      <ScrollRestoration />
    </>
  );
}
