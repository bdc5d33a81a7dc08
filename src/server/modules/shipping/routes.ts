// Shipping: staff set the methods up (/api/core/shipping-settings/); logged-in customers ask what
// reaches their province and at what price (/api/shipping/options/), like prices, never anonymous.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reachedProvinces,
  shippingOptions,
  shippingOptionsQuerySchema,
  shippingSettingsSchema,
  SHIPPING_KINDS,
  CARRIERS,
} from '../../../domain/shipping';
import type { AppContext } from '../../context';
import { requireStaff } from '../../security/caller';
import { getShippingSettings, readShippingMethods, updateShippingSettings } from './settings';

const optionDtoSchema = z.object({
  method_id: z.number().int(),
  name: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  carrier: z.enum(CARRIERS),
  price: z.number(),
  free: z.boolean(),
  days_min: z.number().int(),
  days_max: z.number().int(),
  pickup_address: z.string(),
});

const settingsDtoSchema = z.object({
  methods: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      kind: z.enum(SHIPPING_KINDS),
      carrier: z.enum(CARRIERS),
      zones: z.array(z.object({ provinces: z.array(z.string()), price: z.number() })),
      rest_of_country_price: z.number().nullable(),
      free_from: z.number().nullable(),
      days_min: z.number().int(),
      days_max: z.number().int(),
      pickup_address: z.string(),
      active: z.boolean(),
    }),
  ),
});

export default async function shippingRoutes(base: FastifyInstance, opts: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = opts;

  app.get(
    '/api/core/shipping-settings/',
    { config: { access: 'staff', permission: 'can_manage_settings' }, schema: { response: { 200: settingsDtoSchema } } },
    async () => getShippingSettings(ctx),
  );

  app.put(
    '/api/core/shipping-settings/',
    {
      config: { access: 'staff', permission: 'can_manage_settings' },
      schema: { body: shippingSettingsSchema, response: { 200: settingsDtoSchema } },
    },
    async (request) => {
      const user = requireStaff(request);
      return updateShippingSettings(ctx, { id: user.id, username: user.username }, request.body);
    },
  );

  // The checkout asks the province only when some method reaches one: without methods it is the spec's.
  app.get(
    '/api/shipping/provinces/',
    { config: { access: 'user' }, schema: { response: { 200: z.object({ provinces: z.array(z.string()) }) } } },
    async () => ({ provinces: reachedProvinces(await readShippingMethods(ctx.db)) }),
  );

  app.get(
    '/api/shipping/options/',
    { config: { access: 'user' }, schema: { querystring: shippingOptionsQuerySchema, response: { 200: z.array(optionDtoSchema) } } },
    async (request) => shippingOptions(await readShippingMethods(ctx.db), request.query.province, request.query.subtotal),
  );
}
