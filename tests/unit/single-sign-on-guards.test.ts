// The single sign-on's guards (SPEC §2 Guards) decide from the customer and the programme's session
// flag: every group with and without the flag. Then what a guard does when it sends the shopper to
// the provider (through a real sign-in dialog with fake calls), what the tab keeps for the return page,
// and the two calls of the contract, made by the dialog's actors through the typed client.
import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { authMachine } from "../../machines/auth/auth.machine.ts";
import type { Customer, CustomerGroup, HabileType, SignInOutput, SingleSignOnStart } from "../../machines/auth/auth.types.ts";
import { exchangeCodeActor, startSingleSignOnActor } from "../../src/actors/auth-actors.ts";
import { createApiClient } from "../../src/api/client.ts";
import { lazyActor } from "../../src/app/lazy-actor.ts";
import {
  forgetSingleSignOn,
  habileTypeOf,
  keepSingleSignOn,
  leaveForSingleSignOn,
  readKeptSingleSignOn,
  returnEventOf,
  SingleSignOnFailed,
} from "../../src/app/single-sign-on.ts";
import { empowermentAdminAccess, empowermentCheckoutAccess, employeeFlagAccess, type Access } from "../../src/routes/guards.tsx";
import { createFakePromiseActor, settle } from "../machines/support/fake-promise-actor.ts";

function customer(customerGroup: CustomerGroup, isEmpowermentAdmin = false): Customer {
  return {
    id: 1,
    gender: null,
    firstName: "Lea",
    lastName: "Roux",
    email: "lea.roux@example.fr",
    birthDate: null,
    locale: "fr_FR",
    customerGroup,
    shoppingCart: null,
    defaultBillingAddress: null,
    defaultShippingAddress: null,
    addresses: [],
    miles: null,
    twoFactorAuthenticationEnabled: false,
    newsLetterSubscribed: false,
    isEmpowermentAdmin,
  };
}

const WHO: Record<string, Customer | null> = {
  guest: null,
  "General public": customer("GENERAL_PUBLIC"),
  "employee (not an admin)": customer("BRAND_EMPLOYEE"),
  "employee (admin)": customer("BRAND_EMPLOYEE", true),
  Empowerment: customer("EMPOWERMENT"),
};

function memoryStorage(entries: Record<string, string> = {}) {
  const values = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe("the single sign-on's guards decide", () => {
  const cases: [string, boolean, { shop: Access; configure: Access; empowermentCheckout: Access }][] = [
    ["guest", false, { shop: "singleSignOn", configure: "unauthorized", empowermentCheckout: "unauthorized" }],
    ["guest", true, { shop: "singleSignOn", configure: "singleSignOn", empowermentCheckout: "singleSignOn" }],
    ["General public", false, { shop: "singleSignOn", configure: "unauthorized", empowermentCheckout: "checkout" }],
    ["General public", true, { shop: "singleSignOn", configure: "singleSignOn", empowermentCheckout: "checkout" }],
    ["employee (not an admin)", false, { shop: "singleSignOn", configure: "unauthorized", empowermentCheckout: "checkout" }],
    ["employee (not an admin)", true, { shop: "singleSignOn", configure: "singleSignOn", empowermentCheckout: "checkout" }],
    ["employee (admin)", false, { shop: "singleSignOn", configure: "enter", empowermentCheckout: "checkout" }],
    ["employee (admin)", true, { shop: "singleSignOn", configure: "singleSignOn", empowermentCheckout: "checkout" }],
    ["Empowerment", false, { shop: "enter", configure: "unauthorized", empowermentCheckout: "enter" }],
    ["Empowerment", true, { shop: "enter", configure: "unauthorized", empowermentCheckout: "enter" }],
  ];

  it.each(cases)("for %s, with the flag %s", (who, flagHeld, expected) => {
    const signedIn = WHO[who] ?? null;
    // The shop's flag guard only runs while the flag is held (the route reads it first).
    if (flagHeld) expect(employeeFlagAccess(signedIn)).toBe(expected.shop);
    expect(empowermentAdminAccess(signedIn, flagHeld)).toBe(expected.configure);
    expect(empowermentCheckoutAccess(signedIn, flagHeld)).toBe(expected.empowermentCheckout);
  });

  it("signs in a beneficiary of the programme when the flag is held, else a brand employee", () => {
    expect(habileTypeOf(memoryStorage({ empowerment: "ctx-42" }))).toBe("EMPOWERMENT");
    expect(habileTypeOf(memoryStorage())).toBe("BRAND_EMPLOYEE");
  });
});

function dialogWithFakes() {
  const start = createFakePromiseActor<SingleSignOnStart, { habileType: HabileType }>();
  const exchange = createFakePromiseActor<SignInOutput, { code: string; state: string; habileType: HabileType }>();
  const storage = memoryStorage();
  const visited: string[] = [];
  const machine = authMachine.provide({
    actors: { startSingleSignOn: start.logic, exchangeCode: exchange.logic },
    actions: {
      keepSingleSignOn: (_, kept) => keepSingleSignOn(storage, kept),
      forgetSingleSignOn: () => forgetSingleSignOn(storage),
      goToAuthorization: (_, { url }) => void visited.push(url),
    },
  });
  const dialog = lazyActor(async () => createActor(machine, { input: {} }).start());
  return { auth: { dialog }, start, exchange, storage, visited };
}

describe("a guard's trip to the provider", () => {
  it("keeps the state for the tab, sends the browser away and never lets the page load", async () => {
    const { auth, start, storage, visited } = dialogWithFakes();
    let settled = false;
    void leaveForSingleSignOn(auth, "EMPOWERMENT", "/fr/produit/mug").finally(() => {
      settled = true;
    });
    await settle();
    expect(start.latest().input).toEqual({ habileType: "EMPOWERMENT" });
    start.latest().resolve({ authorizationUrl: "https://sso.example.fr/authorize?state=s1", state: "s1" });
    await settle();
    expect(visited).toEqual(["https://sso.example.fr/authorize?state=s1"]);
    expect(readKeptSingleSignOn(storage)).toEqual({ state: "s1", habileType: "EMPOWERMENT", returnTo: "/fr/produit/mug" });
    expect(settled).toBe(false);
  });

  it("fails with the reason when the start fails, for the page's error view", async () => {
    const { auth, start } = dialogWithFakes();
    const trip = leaveForSingleSignOn(auth, "EMPOWERMENT", "/fr");
    await settle();
    start.latest().reject({ status: 502, message: "Bad Gateway" });
    await expect(trip.catch((error: unknown) => error instanceof SingleSignOnFailed && error.failure)).resolves.toBe("unavailable");
  });

  it("waits for a trip already under way rather than starting another", async () => {
    const { auth, start } = dialogWithFakes();
    void leaveForSingleSignOn(auth, "EMPOWERMENT", "/fr");
    await settle();
    void leaveForSingleSignOn(auth, "EMPOWERMENT", "/fr/mon-panier");
    await settle();
    expect(start.calls).toHaveLength(1);
  });
});

describe("the return page's check", () => {
  it("sends the provider's answer with the state this tab kept", () => {
    const kept = { state: "s1", habileType: "EMPOWERMENT", returnTo: "/en/my-cart" } as const;
    expect(returnEventOf({ code: "c0de", state: "s1" }, kept)).toEqual({
      type: "auth.returnFromSingleSignOn",
      code: "c0de",
      state: "s1",
      expectedState: "s1",
      habileType: "EMPOWERMENT",
    });
  });

  it("has no state to expect when the tab kept none (the dialog refuses it without calling the server)", async () => {
    const { auth, exchange } = dialogWithFakes();
    const event = returnEventOf({ code: "c0de", state: "s1" }, null);
    expect(event).toMatchObject({ expectedState: null });
    const dialog = await auth.dialog.load();
    dialog.send(event);
    expect(exchange.calls).toHaveLength(0);
    expect(dialog.getSnapshot().context.singleSignOnFailure).toBe("stateRejected");
  });

  it("reads back only what it kept, and only an address of the shop", () => {
    const storage = memoryStorage();
    keepSingleSignOn(storage, { state: "s1", habileType: "BRAND_EMPLOYEE", returnTo: "/fr/commande/connexion" });
    expect(readKeptSingleSignOn(storage)?.returnTo).toBe("/fr/commande/connexion");
    storage.setItem("habileSignIn", JSON.stringify({ state: "s1", habileType: "BRAND_EMPLOYEE", returnTo: "//evil.example" }));
    expect(readKeptSingleSignOn(storage)).toBeNull();
    storage.setItem("habileSignIn", "{not json");
    expect(readKeptSingleSignOn(storage)).toBeNull();
    forgetSingleSignOn(storage);
    expect(readKeptSingleSignOn(storage)).toBeNull();
  });
});

describe("the single sign-on's calls", () => {
  function recordingApi(answer: Response) {
    const requests: Request[] = [];
    const fetcher: typeof fetch = async (input, init) => {
      requests.push(input instanceof Request ? input : new Request(input, init));
      return answer.clone();
    };
    const api = createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "t", locale: () => "en_US", fetch: fetcher });
    return { api, requests };
  }
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("starts with the habile type, in the shop's language", async () => {
    const { api, requests } = recordingApi(json({ authorizationUrl: "https://sso.example.fr/authorize", state: "s1" }));
    const actor = createActor(startSingleSignOnActor(api), { input: { habileType: "EMPOWERMENT" } }).start();
    await settle();
    expect(actor.getSnapshot().output).toEqual({ authorizationUrl: "https://sso.example.fr/authorize", state: "s1" });
    const url = new URL(requests[0]?.url ?? "");
    expect(requests[0]?.method).toBe("POST");
    expect(url.pathname).toBe("/api/v1/habile/authorization");
    expect(url.searchParams.get("locale")).toBe("en_US");
    expect(await requests[0]?.json()).toEqual({ habileType: "EMPOWERMENT" });
  });

  it("exchanges the code with its state, and rejects with the contract's code", async () => {
    const { api, requests } = recordingApi(json({ status: 401, message: "Unknown state", code: "SSO_STATE_REJECTED" }, 401));
    const actor = createActor(exchangeCodeActor(api), { input: { code: "c0de", state: "s1", habileType: "BRAND_EMPLOYEE" } });
    actor.subscribe({ error: () => undefined }); // the failure is read from the snapshot below
    actor.start();
    await settle();
    const url = new URL(requests[0]?.url ?? "");
    expect(url.pathname).toBe("/api/v1/habile");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ authorizationCode: "c0de", state: "s1", habileType: "BRAND_EMPLOYEE", subdomain: "NONE" });
    expect(actor.getSnapshot().status).toBe("error");
    expect(actor.getSnapshot().error).toMatchObject({ status: 401, code: "SSO_STATE_REJECTED" });
  });
});
