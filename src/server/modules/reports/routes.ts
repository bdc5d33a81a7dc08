// HTTP for the sales report and the restock planner (issue 37): GET /api/reports/sales/ and
// /api/reports/sales.csv, GET /api/restock/ (its cover days are a shop setting, served by site).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { restockDtoSchema, restockQuerySchema } from '../../../domain/restock';
import { salesReportDtoSchema, salesReportQuerySchema, type SalesReportQuery } from '../../../domain/sales-report';
import type { AppContext } from '../../context';
import { writeCsv } from '../../csv';
import { readShopSettings } from '../site';
import { keptAnswer, type KeptAnswer } from './caches';
import { restockPlan } from './restock';
import { salesReport, salesReportCsvRows } from './sales';

const MINUTE_MS = 60_000;

const cachedSalesReport = (ctx: AppContext, query: SalesReportQuery) =>
  ctx.caches.salesReports.get([query.group, query.from, query.to].join('|'), async () => keptAnswer(await salesReport(ctx.db, query)));

/** A kept answer's JSON as written once (its schema is the route's, as for any answer). */
const sendJson = (reply: FastifyReply, kept: KeptAnswer<unknown>) => reply.type('application/json; charset=utf-8').send(kept.json);

export default async function reportRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: 'staff' as const, permission: 'can_manage_purchasing' as const } };

  app.get(
    '/api/reports/sales/',
    { ...staff, schema: { querystring: salesReportQuerySchema, response: { 200: salesReportDtoSchema } } },
    async (request, reply) => sendJson(reply, await cachedSalesReport(ctx, request.query)),
  );

  app.get(
    '/api/reports/sales.csv',
    {
      ...staff,
      schema: {
        querystring: salesReportQuerySchema,
        response: {
          200: {
            description: "El mismo reporte que /api/reports/sales/, con una fila de total: UTF-8 con BOM, separador ';'.",
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const report = (await cachedSalesReport(ctx, request.query)).dto;
      return (reply as FastifyReply)
        .header('content-disposition', `attachment; filename="ventas-${report.from}-a-${report.to}-por-${report.group}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(writeCsv(salesReportCsvRows(report)));
    },
  );

  app.get(
    '/api/restock/',
    { ...staff, schema: { querystring: restockQuerySchema, response: { 200: restockDtoSchema } } },
    async (request, reply) => {
      const { cover_days, brand_id, only_needed } = request.query;
      const coverDays = cover_days ?? (await readShopSettings(ctx)).restock_cover_days;
      const now = ctx.now();
      // Its 30- and 90-day windows end now: an answer is kept within the minute it was made.
      const key = [coverDays, brand_id ?? '', only_needed, Math.floor(now.getTime() / MINUTE_MS)].join('|');
      const plan = await ctx.caches.restockPlans.get(key, async () =>
        keptAnswer(await restockPlan(ctx.db, { coverDays, brandId: brand_id, onlyNeeded: only_needed, now })),
      );
      return sendJson(reply, plan);
    },
  );
}
