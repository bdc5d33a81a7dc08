// One /metrics answer for the whole process group: the worker that receives the scrape asks the
// primary, which collects every worker's registry (prom-client's AggregatorRegistry) and answers
// the sum. A single process answers its own registry.
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const REQUEST = 'shop:metrics-request';
const ANSWER = 'shop:metrics-answer';
// Longer than prom-client's own 5 s wait for the workers, whose error then reaches the scrape.
const TIMEOUT_MS = 8000;

interface MetricsMessage {
  type: string;
  id: number;
  text?: string;
  error?: string;
}

const isMetricsMessage = (message: unknown, type: string): message is MetricsMessage =>
  typeof message === 'object' && message !== null && (message as MetricsMessage).type === type;

/** In the primary: answers the workers' scrapes with everyone's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMetricsMessage(message, REQUEST)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}

let nextId = 0;
const pending = new Map<number, (message: MetricsMessage) => void>();

/** In a worker: offers `registry` to the primary's collection; answers the scrape text. */
export function clusterMetricsReader(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one makes prom-client answer the primary's collection requests in this worker.
  new AggregatorRegistry();
  process.on('message', (message: unknown) => {
    if (!isMetricsMessage(message, ANSWER)) return;
    pending.get(message.id)?.(message);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('metrics: the primary did not answer'));
      }, TIMEOUT_MS);
      pending.set(id, (message) => {
        clearTimeout(timer);
        pending.delete(id);
        if (message.text !== undefined) resolve(message.text);
        else reject(new Error(`metrics: ${message.error}`));
      });
      process.send!({ type: REQUEST, id });
    });
}
