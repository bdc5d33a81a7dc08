// Imported first by main.tsx. The pages run under a Content-Security-Policy without
// 'unsafe-eval': zod's compiled parsers probe `new Function` when a schema is built and the
// browser reports that as a violation, so parsers stay interpreted (same results). zod keeps its
// settings in this global object (shared by every copy of zod), which spares the home page the
// bytes of importing zod just to call `z.config({ jitless: true })`; e2e/security-csp.test.ts
// fails if a zod upgrade stops reading it.
const global = globalThis as { __zod_globalConfig?: Record<string, unknown> };
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true };

export {};
