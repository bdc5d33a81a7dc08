import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';

/** Loads the demo catalogue (brands, products, presentations, generated images). */
export async function seedDemoCatalogue(_ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  log.warn('demo catalogue not available yet');
}
