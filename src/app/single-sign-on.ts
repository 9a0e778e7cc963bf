// The employees' single sign-on as the app runs it (SPEC §2 Guards, §3 client storage): the session
// flags of the empowerment programme, what a tab keeps while the browser is at the identity provider,
// and the trip there that a page or a guard asks the sign-in dialog for.
import * as v from "valibot";
import { hasSingleSignOnStartSettled, selectSingleSignOnFailure, selectSingleSignOnStatus } from "../../machines/auth/single-sign-on.selectors.ts";
import type { AuthEvent, HabileType, KeptSingleSignOn, SingleSignOnFailure } from "../../machines/auth/auth.types.ts";
import type { Auth } from "./session-provider.tsx";

/** SPEC §3: the programme's context and client, held for the tab from the empowerment sign-in page on. */
export const EMPOWERMENT_FLAG = "empowerment";
export const EMPOWERMENT_CLIENT_FLAG = "empowermentClient";

/** Where the tab keeps its single sign-on while the browser is at the provider. */
const KEPT_KEY = "habileSignIn";

type SessionStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const keptSchema = v.object({
  state: v.pipe(v.string(), v.minLength(1)),
  habileType: v.picklist(["BRAND_EMPLOYEE", "EMPOWERMENT"]),
  // Only an address of this shop: a kept value is never a way out of it.
  returnTo: v.pipe(v.string(), v.regex(/^\/(?!\/)/u)),
});

export function holdsEmpowermentFlag(storage: Pick<Storage, "getItem">): boolean {
  return storage.getItem(EMPOWERMENT_FLAG) !== null;
}

/** Who the Habile button signs in: a beneficiary of the programme when its flag is held. */
export function habileTypeOf(storage: Pick<Storage, "getItem">): HabileType {
  return holdsEmpowermentFlag(storage) ? "EMPOWERMENT" : "BRAND_EMPLOYEE";
}

export function keepSingleSignOn(storage: SessionStore, kept: KeptSingleSignOn): void {
  storage.setItem(KEPT_KEY, JSON.stringify(kept));
}

/** What this tab kept when it left for the provider, or null (none, or not readable). */
export function readKeptSingleSignOn(storage: Pick<Storage, "getItem">): KeptSingleSignOn | null {
  const text = storage.getItem(KEPT_KEY);
  if (text === null) return null;
  try {
    const parsed = v.safeParse(keptSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function forgetSingleSignOn(storage: SessionStore): void {
  storage.removeItem(KEPT_KEY);
}

/** The single sign-on could not start: what a page's error view says. */
export class SingleSignOnFailed extends Error {
  readonly failure: SingleSignOnFailure;
  constructor(failure: SingleSignOnFailure) {
    super("the single sign-on could not start");
    this.name = "SingleSignOnFailed";
    this.failure = failure;
  }
}

/** Sends the browser to the provider through the sign-in dialog. It settles only on failure: on
 *  success the browser is leaving the shop, and whatever waits for this must not go on meanwhile. */
export async function leaveForSingleSignOn(auth: Pick<Auth, "dialog">, habileType: HabileType, returnTo: string): Promise<never> {
  const [dialog, { waitFor }] = await Promise.all([auth.dialog.load(), import("xstate")]);
  const event = { type: "auth.startSingleSignOn", habileType, returnTo } as const;
  const status = selectSingleSignOnStatus(dialog.getSnapshot());
  // One already on its way (started by the tab's button or another guard) is the one waited for.
  if (status !== "redirecting" && status !== "leaving") {
    if (!dialog.getSnapshot().can(event)) throw new SingleSignOnFailed("unavailable");
    dialog.send(event);
  }
  const settled = await waitFor(dialog, hasSingleSignOnStartSettled);
  const failure = selectSingleSignOnFailure(settled);
  if (failure !== null) throw new SingleSignOnFailed(failure);
  return new Promise<never>(() => {});
}

/** The return page's event: the provider's answer beside what this tab kept (a return without a kept
 *  state is refused by the dialog, without calling the server). */
export function returnEventOf(answer: { code: string; state: string | undefined }, kept: KeptSingleSignOn | null): AuthEvent {
  return {
    type: "auth.returnFromSingleSignOn",
    code: answer.code,
    state: answer.state ?? "",
    expectedState: kept?.state ?? null,
    habileType: kept?.habileType ?? "BRAND_EMPLOYEE",
  };
}
