// A crew member's money pot of a month, found by the staff number of their account. Spending is
// one guarded update (`budget - spent >= amount`): two orders at once can never both take the
// last euros, and a pot never goes below zero.
import { sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import { rowsOf, type Orm } from "../../db/client.ts";
import type { Month } from "./paris-month.ts";

export type MoneyPot = components["schemas"]["MoneyPot"];

export interface PotRow {
  id: number;
  year: number;
  month: number;
  budget_cents: number;
  spent_cents: number;
}

export function potView(row: PotRow): MoneyPot {
  return {
    year: row.year,
    month: row.month,
    budgetAmount: row.budget_cents,
    spentAmount: row.spent_cents,
    // A budget lowered below what was already spent leaves nothing, not a debt.
    remainingAmount: Math.max(0, row.budget_cents - row.spent_cents),
  };
}

/** The pot of the customer (by uuid) for the month; undefined without a staff number or a budget. */
export async function potOfCustomer(orm: Orm, customerId: string, at: Month): Promise<PotRow | undefined> {
  const [row] = await rowsOf<PotRow>(
    orm,
    sql`select p.id, p.year, p.month, p.budget_cents, p.spent_cents
        from customers c join money_pots p on p.staff_number = upper(c.staff_number)
        where c.uuid = ${customerId.toLowerCase()}::uuid and p.year = ${at.year} and p.month = ${at.month}`,
  );
  return row;
}

/** Takes `amountCents` from the pot if it holds that much: the pot as it then is, or undefined (nothing taken). */
export async function spendFromPot(tx: Orm, potId: number, amountCents: number): Promise<PotRow | undefined> {
  const [row] = await rowsOf<PotRow>(
    tx,
    sql`update money_pots set spent_cents = spent_cents + ${amountCents}, updated_at = now()
        where id = ${potId} and budget_cents - spent_cents >= ${amountCents}
        returning id, year, month, budget_cents, spent_cents`,
  );
  return row;
}

export async function readPot(orm: Orm, potId: number): Promise<PotRow | undefined> {
  const [row] = await rowsOf<PotRow>(orm, sql`select id, year, month, budget_cents, spent_cents from money_pots where id = ${potId}`);
  return row;
}
