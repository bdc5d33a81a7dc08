// Browser security headers on every answer: a strict Content-Security-Policy for the pages, a
// deny-all one for everything else, no sniffing, no framing, a referrer policy, and HSTS when the
// shop is served over https.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../routed-path';

const directives = (list: Record<string, string>) =>
  Object.entries(list)
    .map(([name, value]) => `${name} ${value}`.trim())
    .join('; ');

/**
 * The pages' policy. Scripts only from the shop itself: Vite emits external module scripts, the
 * one inline script is the start script, allowed by the hash of its exact text (`scriptHashes`,
 * inline-start.ts), and JSON-LD blocks are data, not scripts. Styles: React's `style` props are
 * set through the CSSOM, which CSP does not block, but two libraries insert `<style>` elements at
 * run time (sonner's toasts, the home page's logo strip), so style elements may be inline while
 * style attributes written into markup may not. Images: the shop's uploads, pasted https
 * addresses (spec accounts-admin §5 product images), data: URIs and blob: previews of photos
 * being chosen.
 */
export function pageContentSecurityPolicy(https: boolean, scriptHashes: string[] = []): string {
  return directives({
    'default-src': "'self'",
    'script-src': ["'self'", ...scriptHashes].join(' '),
    'style-src': "'self' 'unsafe-inline'",
    'style-src-elem': "'self' 'unsafe-inline'",
    'style-src-attr': "'none'",
    'img-src': "'self' data: blob: https:",
    'font-src': "'self'",
    'connect-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
    ...(https ? { 'upgrade-insecure-requests': '' } : {}),
  });
}

/** Anything that is not a page (JSON, images, scripts) has nothing to load or run when opened. */
export const RESOURCE_CONTENT_SECURITY_POLICY = directives({ 'default-src': "'none'", 'frame-ancestors': "'none'" });

export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

export default fp(
  async function securityHeadersPlugin(app: FastifyInstance, opts: { publicUrl: string; scriptHashes?: string[] }) {
    const publicHttps = opts.publicUrl.startsWith('https:');
    const hashes = opts.scriptHashes ?? [];
    const pagePolicy = { http: pageContentSecurityPolicy(false, hashes), https: pageContentSecurityPolicy(true, hashes) };

    app.addHook('onSend', async (request, reply, payload) => {
      // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY is on.
      const https = publicHttps || request.protocol === 'https';
      const type = String(reply.getHeader('content-type') ?? '');
      const isPage = type.startsWith('text/html');
      reply.header('content-security-policy', isPage ? pagePolicy[https ? 'https' : 'http'] : RESOURCE_CONTENT_SECURITY_POLICY);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (isApiRequest(request)) reply.header('cross-origin-resource-policy', 'same-origin');
      if (https) reply.header('strict-transport-security', HSTS);
      return payload;
    });
  },
  { name: 'security-headers' },
);
