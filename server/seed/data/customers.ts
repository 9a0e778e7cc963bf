// Demo accounts, one or more per customer group of SPEC §6, with and without two-factor sign-in,
// and the demo staff directory (staff numbers that may open a GPNET account). Every demo account
// has the password DEMO_CUSTOMER_PASSWORD; two-factor codes arrive at /dev/mailbox.
import type { components } from "../../../common/api/schema.gen.ts";

type Group = components["schemas"]["CustomerGroup"];

export const DEMO_CUSTOMER_PASSWORD = "EscaleDemo2026!";

interface DemoAddress {
  name: string;
  company?: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  postCode: string;
  country: string;
  phone: string;
}

export interface DemoCustomer {
  email: string;
  firstName: string;
  lastName: string;
  group: Group;
  locale: "fr_FR" | "en_US";
  twoFactor: boolean;
  gpnetId?: string;
  miles?: number;
  isEmpowermentAdmin?: boolean;
  /** The staff number that keys an EMPOWERMENT account's money pots. */
  staffNumber?: string;
  newsletter?: boolean;
  birthDate?: string;
  addresses?: DemoAddress[];
  defaultShipping?: string;
  defaultBilling?: string;
}

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    email: "camille.martin@demo.escale.example",
    firstName: "Camille",
    lastName: "Martin",
    group: "GENERAL_PUBLIC",
    locale: "fr_FR",
    twoFactor: false,
    newsletter: true,
    birthDate: "1988-04-12",
    addresses: [
      { name: "Maison", firstName: "Camille", lastName: "Martin", street: "12 rue des Lilas", city: "Lyon", postCode: "69003", country: "FR", phone: "+33612345678" },
      { name: "Bureau", company: "Atelier Martin", firstName: "Camille", lastName: "Martin", street: "5 quai Saint-Antoine", city: "Lyon", postCode: "69002", country: "FR", phone: "+33478123456" },
    ],
    defaultShipping: "Maison",
    defaultBilling: "Bureau",
  },
  { email: "oliver.brown@demo.escale.example", firstName: "Oliver", lastName: "Brown", group: "GENERAL_PUBLIC", locale: "en_US", twoFactor: true },
  { email: "lucie.bernard@demo.escale.example", firstName: "Lucie", lastName: "Bernard", group: "BRAND_EMPLOYEE", locale: "fr_FR", twoFactor: false, isEmpowermentAdmin: true },
  { email: "hugo.petit@demo.escale.example", firstName: "Hugo", lastName: "Petit", group: "BRAND_SERVICES", locale: "fr_FR", twoFactor: true },
  { email: "ines.moreau@demo.escale.example", firstName: "Inès", lastName: "Moreau", group: "HABILE", locale: "fr_FR", twoFactor: false },
  { email: "paul.garnier@demo.escale.example", firstName: "Paul", lastName: "Garnier", group: "GPNET", locale: "fr_FR", twoFactor: true, gpnetId: "GP100001" },
  { email: "emma.roux@demo.escale.example", firstName: "Emma", lastName: "Roux", group: "FLYING_BLUE", locale: "en_US", twoFactor: false, miles: 48_250 },
  {
    email: "louis.fournier@demo.escale.example",
    firstName: "Louis",
    lastName: "Fournier",
    group: "EMPOWERMENT",
    locale: "fr_FR",
    twoFactor: false,
    staffNumber: "PN300003",
    addresses: [{ name: "Domicile", firstName: "Louis", lastName: "Fournier", street: "8 avenue Louise", city: "Bruxelles", postCode: "1050", country: "BE", phone: "+32470123456" }],
    defaultShipping: "Domicile",
    defaultBilling: "Domicile",
  },
];

/** The demo staff directory: GP100001 has an account (Paul Garnier); the others may open one. */
export const DEMO_STAFF: { staffNumber: string; firstName: string; lastName: string }[] = [
  { staffNumber: "GP100001", firstName: "Paul", lastName: "Garnier" },
  { staffNumber: "GP100002", firstName: "Sarah", lastName: "Lefèvre" },
  { staffNumber: "GP100003", firstName: "Nicolas", lastName: "Mercier" },
  { staffNumber: "GP100004", firstName: "Julie", lastName: "Faure" },
  { staffNumber: "GP100005", firstName: "Thomas", lastName: "André" },
  { staffNumber: "GP100006", firstName: "Chloé", lastName: "Blanc" },
  { staffNumber: "GP100007", firstName: "Antoine", lastName: "Guérin" },
  { staffNumber: "GP100008", firstName: "Manon", lastName: "Boyer" },
];
