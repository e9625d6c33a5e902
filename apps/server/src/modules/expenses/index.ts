import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { expensesRoutes } from './routes';
import { createExpensesService, type ExpensesDeps } from './service';

export { createExpensesService, type ExpensesService } from './service';
export { spreadExpense } from './spread';

/**
 * Manual expenses (spec 001 §2 Manual expenses, §3, §5, §7, §8, §9): an organization's own costs,
 * kept in PostgreSQL in exact minor units of their currency and written to its warehouse
 * (`raw.expenses__days`, one row per day of the expense) in the same change, then the models
 * rebuilt so `-maya` shows the marketing-related ones in the total marketing cost at once.
 */
export function createExpensesModule(platform: Platform, services: Omit<ExpensesDeps, 'platform' | 'log'>) {
  let logger: FastifyBaseLogger | null = null;
  const service = createExpensesService({ platform, ...services, log: () => logger });
  const module: Module = {
    name: 'expenses',
    routes: (api) => expensesRoutes(api, service),
    start: async (log) => {
      logger = log;
    },
  };
  return { module, service };
}
