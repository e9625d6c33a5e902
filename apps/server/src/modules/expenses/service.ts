import {
  CURRENCIES,
  EXPENSE_CATEGORIES,
  ExpenseErrorType,
  PlatformErrorType,
  currencyDigits,
  expenseSubcategories,
  type Expense,
  type ExpenseInput,
} from '@maya/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Warehouse } from '@maya/warehouse';
import type { OrganizationAccess } from '../../platform/guards';
import type { Transaction } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { AppError, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { expensesRepository as repo, type ExpenseRow } from './repository';
import { convertedAmounts, expenseDayRows, writeExpenseDays } from './warehouse-rows';

export type ExpensesDeps = {
  platform: Pick<Platform, 'database'>;
  /** Runs `work` on the organization's warehouse (modelling's withWarehouse). */
  withWarehouse<T>(organizationId: string, work: (warehouse: Warehouse) => Promise<T>): Promise<T>;
  /** Rebuilds the organization's models so reports see the change (modelling's rebuild, with rates). */
  rebuild(organizationId: string): Promise<void>;
  /** The organization's currency (what reports show money in). */
  organizationCurrency(organizationId: string): Promise<string>;
  /** Where failures that do not fail the request are told (the app's logger once started). */
  log?: () => FastifyBaseLogger | null;
};

export type ExpensesService = ReturnType<typeof createExpensesService>;

function toExpense(row: ExpenseRow, converted: { amount: number | null; currency_code: string }): Expense {
  return {
    uuid: row.id,
    payment_date: row.paymentDate,
    amount: row.amountMinor,
    currency_code: row.currencyCode,
    category: row.category,
    subcategory: row.subcategory,
    description: row.description,
    start_date: row.startDate,
    end_date: row.endDate,
    is_marketing_related: row.isMarketingRelated,
    converted,
  };
}

/** The demo organization is everyone's: its expenses are read, never changed (decision 387). */
function assertWritable(access: OrganizationAccess): void {
  if (access.isDemo) {
    throw new AppError(403, PlatformErrorType.forbidden, {
      message: "The demo organization's expenses cannot be changed.",
    });
  }
}

export function createExpensesService(deps: ExpensesDeps) {
  const { db } = deps.platform.database;
  const warn = (error: unknown, organizationId: string, message: string) =>
    deps.log?.()?.warn({ err: error, organizationId }, message);

  /** Each expense in the organization's currency: its own amount when the same, else converted. */
  async function withConverted(organizationId: string, rows: ExpenseRow[]): Promise<Expense[]> {
    const target = await deps.organizationCurrency(organizationId);
    const foreign = rows.some((row) => row.currencyCode !== target);
    let converted = new Map<string, number>();
    if (foreign) {
      try {
        converted = await deps.withWarehouse(organizationId, (warehouse) =>
          convertedAmounts(warehouse, target),
        );
      } catch (error) {
        warn(error, organizationId, 'expenses: converting amounts failed');
      }
    }
    return rows.map((row) =>
      toExpense(row, {
        amount: row.currencyCode === target ? row.amountMinor : (converted.get(row.id) ?? null),
        currency_code: target,
      }),
    );
  }

  /**
   * Writes the change to PostgreSQL and the warehouse's raw expenses together: the transaction
   * commits only after the warehouse took it, so a failure there changes nothing. Then rebuilds,
   * so reports see it at once; a failed rebuild is logged, the next rebuild (a load, a save)
   * applies it.
   */
  async function change<T>(
    organizationId: string,
    expenseId: string,
    work: (tx: Transaction) => Promise<{ result: T; rows: Record<string, unknown>[] }>,
  ): Promise<T> {
    const result = await withOrganization(db, organizationId, async (tx) => {
      await repo.lock(tx, organizationId);
      const done = await work(tx);
      try {
        await deps.withWarehouse(organizationId, (warehouse) =>
          writeExpenseDays(warehouse, expenseId, done.rows),
        );
      } catch (error) {
        const failure = new AppError(503, ExpenseErrorType.warehouseUnavailable, {
          message: "The expense could not be written to the organization's data; nothing was changed",
        });
        failure.cause = error;
        throw failure;
      }
      return done.result;
    });
    try {
      await deps.rebuild(organizationId);
    } catch (error) {
      warn(error, organizationId, 'expenses: rebuild after a change failed');
    }
    return result;
  }

  return {
    categories: () => ({ categories: EXPENSE_CATEGORIES.map(({ id, name }) => ({ id, name })) }),
    subcategories: () => ({ subcategories: expenseSubcategories() }),
    currencies: () => ({ currencies: CURRENCIES.map((c) => ({ ...c, digits: currencyDigits(c.code) })) }),

    async list(organizationId: string): Promise<Expense[]> {
      const rows = await withOrganization(db, organizationId, (tx) => repo.list(tx));
      return withConverted(organizationId, rows);
    },

    async get(organizationId: string, id: string): Promise<Expense> {
      const row = await withOrganization(db, organizationId, (tx) => repo.find(tx, organizationId, id));
      if (row === null) throw notFound('expense');
      const [expense] = await withConverted(organizationId, [row]);
      return expense as Expense;
    },

    async save(access: OrganizationAccess, id: string, input: ExpenseInput): Promise<Expense> {
      assertWritable(access);
      const { organizationId } = access;
      const saved = await change(organizationId, id, async (tx) => {
        const row = await repo.upsert(tx, {
          organizationId,
          id,
          paymentDate: input.payment_date,
          amountMinor: input.amount,
          currencyCode: input.currency_code,
          category: input.category,
          subcategory: input.subcategory,
          description: input.description,
          startDate: input.start_date,
          endDate: input.end_date,
          isMarketingRelated: input.is_marketing_related,
        });
        return { result: row, rows: expenseDayRows(row) };
      });
      const [expense] = await withConverted(organizationId, [saved]);
      return expense as Expense;
    },

    async remove(access: OrganizationAccess, id: string): Promise<{ uuid: string }> {
      assertWritable(access);
      const { organizationId } = access;
      return change(organizationId, id, async (tx) => {
        if (!(await repo.remove(tx, organizationId, id))) throw notFound('expense');
        return { result: { uuid: id }, rows: [] };
      });
    },
  };
}
