// The container's health check (Dockerfile HEALTHCHECK): exits 0 while the shop on this machine's
// PORT is ready for traffic, 1 while it starts, stops or does not answer.
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health/ready/`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
