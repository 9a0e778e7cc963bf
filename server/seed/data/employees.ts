// The demo employees of the embedded identity provider (employee single sign-on in demo mode).
// They sign in on its page with DEMO_CUSTOMER_PASSWORD; other parts of the shop and its tests
// rely on these exact addresses, roles and staff numbers.

export interface DemoEmployee {
  email: string;
  givenName: string;
  familyName: string;
  /** EMPLOYEE (ground staff) or CABIN_CREW. */
  role: "EMPLOYEE" | "CABIN_CREW";
  staffNumber: string;
  /** May configure the empowerment budget (the `empowerment_admin` claim). */
  empowermentAdmin: boolean;
}

export const DEMO_EMPLOYEES: readonly DemoEmployee[] = [
  { email: "nadia.benali@staff.demo.escale.example", givenName: "Nadia", familyName: "Benali", role: "EMPLOYEE", staffNumber: "ST200001", empowermentAdmin: false },
  { email: "marc.lefebvre@staff.demo.escale.example", givenName: "Marc", familyName: "Lefebvre", role: "EMPLOYEE", staffNumber: "ST200002", empowermentAdmin: true },
  { email: "sophie.girard@staff.demo.escale.example", givenName: "Sophie", familyName: "Girard", role: "CABIN_CREW", staffNumber: "PN300001", empowermentAdmin: false },
  { email: "thomas.mercier@staff.demo.escale.example", givenName: "Thomas", familyName: "Mercier", role: "CABIN_CREW", staffNumber: "PN300002", empowermentAdmin: false },
];
