// The budgets of the months: a setup per month (year, month), the staff numbers it covers, and a
// money pot per staff number and month. Saving a setup is one transaction: the month's setup
// upserted, its beneficiaries replaced (or carried over), every covered pot given the budget
// (what was spent stays spent), and a pot no longer covered closed at what it spent.
import { sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import { rowsOf, type Database, type Orm } from "../../db/client.ts";
import { monthIndex, type Month } from "./paris-month.ts";

export type EmpowermentSetup = components["schemas"]["EmpowermentSetup"];

export interface SetupInput extends Month {
  budgetCents: number;
  /** The staff numbers covered; null keeps the previous setup's (this month's own, else the latest earlier one's). */
  staffNumbers: readonly string[] | null;
  /** The admin's customer row id; null for the demo seed. */
  updatedBy: number | null;
}

interface SetupRow {
  id: number;
  year: number;
  month: number;
  budget_cents: number;
  updated_at: Date | string;
}

/** The beneficiaries of the setup this month carries over from when no list is given. */
async function previousBeneficiaries(tx: Orm, at: Month): Promise<string[]> {
  const [previous] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from empowerment_setups where year * 12 + (month - 1) <= ${monthIndex(at)}
        order by year desc, month desc limit 1`,
  );
  if (!previous) return [];
  const rows = await rowsOf<{ staff_number: string }>(tx, sql`select staff_number from empowerment_beneficiaries where setup_id = ${previous.id}`);
  return rows.map((row) => row.staff_number);
}

async function beneficiariesOf(orm: Orm, setupIds: number[]): Promise<Map<number, string[]>> {
  const byId = new Map<number, string[]>();
  if (setupIds.length === 0) return byId;
  const rows = await rowsOf<{ setup_id: number; staff_number: string }>(
    orm,
    sql`select setup_id, staff_number from empowerment_beneficiaries where setup_id in (${sql.join(setupIds, sql`, `)}) order by staff_number`,
  );
  for (const row of rows) byId.set(row.setup_id, [...(byId.get(row.setup_id) ?? []), row.staff_number]);
  return byId;
}

function setupView(row: SetupRow, beneficiaries: string[]): EmpowermentSetup {
  return {
    year: row.year,
    month: row.month,
    monthlyBudgetAmount: row.budget_cents,
    beneficiaryCount: beneficiaries.length,
    beneficiaries,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Saves the month's setup and its pots in the caller's transaction; answers the setup. */
export async function saveSetup(tx: Orm, input: SetupInput): Promise<EmpowermentSetup> {
  const staffNumbers = [...new Set(input.staffNumbers ?? (await previousBeneficiaries(tx, input)))].sort();
  const [setup] = await rowsOf<SetupRow>(
    tx,
    sql`insert into empowerment_setups (year, month, budget_cents, updated_by)
        values (${input.year}, ${input.month}, ${input.budgetCents}, ${input.updatedBy})
        on conflict (year, month) do update set budget_cents = excluded.budget_cents, updated_by = excluded.updated_by, updated_at = now()
        returning id, year, month, budget_cents, updated_at`,
  );
  if (!setup) throw new Error("the setup upsert returned no row");
  await tx.execute(sql`delete from empowerment_beneficiaries where setup_id = ${setup.id}`);
  if (staffNumbers.length > 0) {
    const covered = sql.join(staffNumbers.map((staffNumber) => sql`(${staffNumber})`), sql`, `);
    await tx.execute(sql`
      insert into empowerment_beneficiaries (setup_id, staff_number)
      select ${setup.id}, staff_number from (values ${covered}) as list (staff_number)`);
    // Pots in staff-number order, as every writer of pots locks them.
    await tx.execute(sql`
      insert into money_pots (staff_number, year, month, budget_cents)
      select staff_number, ${input.year}, ${input.month}, ${input.budgetCents} from (values ${covered}) as list (staff_number)
      order by staff_number
      on conflict (staff_number, year, month) do update set budget_cents = excluded.budget_cents, updated_at = now()`);
  }
  // Left out of the new list: what was spent stays spent, nothing more can be.
  await tx.execute(sql`
    update money_pots set budget_cents = spent_cents, updated_at = now()
    where year = ${input.year} and month = ${input.month} and budget_cents <> spent_cents
      and staff_number not in (select staff_number from empowerment_beneficiaries where setup_id = ${setup.id})`);
  return setupView(setup, staffNumbers);
}

export function createEmpowermentSetups(db: Database) {
  return {
    save: (input: SetupInput) => db.orm.transaction((tx) => saveSetup(tx, input)),

    /** The setups of `from` and later, soonest first, with their beneficiaries. */
    async listFrom(from: Month): Promise<EmpowermentSetup[]> {
      const rows = await db.rows<SetupRow>(
        sql`select id, year, month, budget_cents, updated_at from empowerment_setups
            where year * 12 + (month - 1) >= ${monthIndex(from)} order by year, month`,
      );
      const beneficiaries = await beneficiariesOf(
        db.orm,
        rows.map((row) => row.id),
      );
      return rows.map((row) => setupView(row, beneficiaries.get(row.id) ?? []));
    },
  };
}

export type EmpowermentSetups = ReturnType<typeof createEmpowermentSetups>;
