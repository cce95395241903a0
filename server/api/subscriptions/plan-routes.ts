/**
 * `GET /api/subscriptions/plans`: the catalogue a subscription is chosen from, with each price per
 * interval and currency, so a screen offers exactly what the start route accepts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CURRENCIES, INTERVALS, PLANS, priceMinor } from './plans.js';

const Prices = Type.Record(Type.String(), Type.Integer(), { description: 'Price in minor units by currency code' });

const PlanSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prices: Type.Object({ monthly: Prices, yearly: Prices }),
});

const CatalogueSchema = Type.Object({
  plans: Type.Array(PlanSchema),
  intervals: Type.Array(Type.String()),
  currencies: Type.Array(Type.String()),
});

const pricesFor = (plan: (typeof PLANS)[number]) =>
  Object.fromEntries(INTERVALS.map((interval) => [interval, Object.fromEntries(CURRENCIES.map((c) => [c, priceMinor(plan, interval, c)]))])) as {
    monthly: Record<string, number>;
    yearly: Record<string, number>;
  };

export async function registerPlanRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/subscriptions/plans',
    { schema: { tags: ['subscriptions'], summary: 'The plans a device subscription can start with, and their prices', response: { 200: CatalogueSchema } } },
    async () => ({
      plans: PLANS.map((plan) => ({ id: plan.id, name: plan.name, prices: pricesFor(plan) })),
      intervals: [...INTERVALS],
      currencies: [...CURRENCIES],
    }),
  );
}
