// Operations of the contract whose issue is still open: they answer 501 with the JSON error
// shape. This list only shrinks (it is empty now: every operation is built); tests/api/contract.test.ts
// holds it to that.
export const PENDING_OPERATIONS = [] as const;
