// Demo part of the empowerment programme: a budget of 150.00 € for the month of the seed and the
// next one, covering the demo crew (the embedded identity provider's cabin crew, and the demo
// password account of the EMPOWERMENT group), so a crew member can order from the first start.
import { sql } from "drizzle-orm";
import type { DemoPart } from "../../seed/demo-parts.ts";
import { DEMO_CUSTOMERS } from "../../seed/data/customers.ts";
import { saveSetup } from "./empowerment-setups.ts";
import { nextMonth, parisMonthOf } from "./paris-month.ts";

export const DEMO_MONTHLY_BUDGET_CENTS = 15_000;
export const DEMO_CREW_STAFF_NUMBERS = ["PN300001", "PN300002", "PN300003"];

export const demoEmpowerment: DemoPart = {
  name: "empowerment budgets",
  async seedIfEmpty(db) {
    const [row] = await db.rows<{ count: number }>(sql`select count(*)::int as count from empowerment_setups`);
    if ((row?.count ?? 0) > 0) return false;
    const current = parisMonthOf(new Date());
    await db.orm.transaction(async (tx) => {
      for (const month of [current, nextMonth(current)]) {
        await saveSetup(tx, { ...month, budgetCents: DEMO_MONTHLY_BUDGET_CENTS, staffNumbers: DEMO_CREW_STAFF_NUMBERS, updatedBy: null });
      }
      // A database seeded before demo accounts had staff numbers gets them now.
      for (const demo of DEMO_CUSTOMERS) {
        if (!demo.staffNumber) continue;
        await tx.execute(sql`update customers set staff_number = ${demo.staffNumber} where lower(email) = lower(${demo.email}) and staff_number is null`);
      }
    });
    return true;
  },
};
