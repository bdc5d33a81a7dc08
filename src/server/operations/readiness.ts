// Whether this process should be sent traffic (readiness) as opposed to whether it is alive
// (liveness). A load balancer or orchestrator drains a process whose readiness fails.

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
