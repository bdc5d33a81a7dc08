// Whether this process should be sent traffic (readiness) as opposed to whether it is alive
// (liveness). A load balancer or orchestrator drains a process whose readiness fails.

/** Liveness and readiness as HTTP paths: the health area serves them; the startup server and maintenance let them through. */
export const HEALTH_LIVE_PATH = '/api/health/live/';
export const HEALTH_READY_PATH = '/api/health/ready/';

export type ReadinessState = 'starting' | 'ready' | 'stopping';

export class Readiness {
  constructor(public state: ReadinessState = 'starting') {}

  get ready(): boolean {
    return this.state === 'ready';
  }

  markReady(): void {
    if (this.state === 'starting') this.state = 'ready';
  }

  /** Once shutdown has begun the process never becomes ready again. */
  markStopping(): void {
    this.state = 'stopping';
  }
}
