// Operations of the contract whose issue is still open: they answer 501 with the JSON error
// shape. This list only shrinks; tests/api/contract.test.ts holds it to that.
export const PENDING_OPERATIONS = [
  // The empowerment programme.
  "setEmpowermentCustomCard",
  "validateEmpowermentOrder",
  "listEmpowermentSetups",
  "setupEmpowerment",
  "getCurrentMoneyPot",
] as const;
