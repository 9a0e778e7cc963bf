// The demo data beyond the catalogue (coupons, shipping rules, customers, staff directory…). Each
// part loads itself when its own table is empty, so a database seeded before the part existed
// gains it on the next start, and seeding twice changes nothing.
import type { Database } from "../db/client.ts";
import { demoEmployees } from "../adapters/embedded-identity-provider/employees.ts";
import { demoCustomers, demoStaffDirectory } from "../modules/customers/demo-customers.ts";
import { demoEmpowerment } from "../modules/empowerment/demo-empowerment.ts";
import { demoContentDocuments } from "./content-documents.ts";
import { demoCoupons } from "./coupons.ts";
import { demoRelayPoints } from "./relay-points.ts";
import type { SeedOptions } from "./seed.ts";
import { demoShippingRules } from "./shipping-rules.ts";

export interface DemoPart {
  /** What the part loads, for the log ("coupons", "customers"). */
  name: string;
  /** Loads the part when its table is empty; true when it loaded something. */
  seedIfEmpty(db: Database, options: SeedOptions): Promise<boolean>;
}

export const DEMO_PARTS: DemoPart[] = [demoContentDocuments, demoCoupons, demoShippingRules, demoStaffDirectory, demoCustomers, demoEmpowerment, demoRelayPoints, demoEmployees];
