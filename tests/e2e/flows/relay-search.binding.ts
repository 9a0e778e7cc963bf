// The Colissimo relay picker in the browser, reached as a shopper does: signed in, a product in the
// cart, the shipping step's "Choose a relay point" button (the modal opens on an empty form). The
// relay search (POST colissimo/relays), the geocoder (GET geocoding/search) and the map's offline
// style (/map/style.json) are held a moment, so that searching and the map loading can be seen, then
// answered in the path's order by the real server: points of several types are those around the
// model's Paris address (the embedded dataset mixes A2P points with lockers and others); no A2P point
// is a postcode and town the gazetteer does not know (the service answers an empty list); a refused
// address is a six-digit postcode, which the form lets through and the contract refuses (400); the
// geocoder finds nothing for a town line it cannot read ("Cedex 99999": the relay search, which reads
// the postcode field, still finds Paris's points). Belgium is refused at the country field, and by
// the flow. Only the relay search's 500 and 502 are answered here (page.route): the real server cannot
// be made to fail, and with no Colissimo web service configured its offline relay points have no
// upstream to be unreachable. The map: ready is its style let through; unavailable is the browser
// taking its WebGL context back (WEBGL_lose_context, as a GPU reset does), loading again is the
// context given back; the time-out is the page clock moved on while the style is held.
import { MAP_LOAD_TIMEOUT_MS, RELAY_POINT_TYPE } from "../../../machines/relay-search/relay-search.machine.ts";
import { LOCKER, UPSTREAM_ERROR, relaySearchModel } from "../../../machines/relay-search/relay-search.model.ts";
import type { RelaySearchSnapshot } from "../../../machines/relay-search/relay-search.selectors.ts";
import type { RelayAddress, RelaySearchEvent, RelaySearchResponse } from "../../../machines/relay-search/relay-search.types.ts";
import type { ModelEvent } from "../../../machines/shared/flow-model.ts";
import { pagePath } from "../../../common/pages.ts";
import { data as answerOf, storefrontApi, type Lang } from "../support/api.ts";
import { addAProduct } from "../support/shopping.ts";
import { registerCustomer, signInBrowser } from "../support/customers.ts";
import type { Route } from "@playwright/test";
import { expect, type Locator, type Page } from "../support/fixtures.ts";
import { message, messagePattern } from "../support/messages.ts";
import { defineFlowBinding } from "./binding.ts";

const RELAYS = /\/api\/v1\/colissimo\/relays(\?|$)/;
const GEOCODER = /\/api\/v1\/geocoding\/search\?/;
const MAP_STYLE = /\/map\/style\.json(\?|$)/;

/** The addresses typed for the model's Paris search, by the answer the path needs of the real server. */
const PARIS = { street: "12 rue de Rivoli", postCode: "75004", city: "Paris" };
const NOWHERE = { street: "1 rue Haute", postCode: "99999", city: "Nullepart" };
const REFUSED_POSTCODE = { ...PARIS, postCode: "750040" };
const UNREADABLE_TOWN = { ...PARIS, city: "Cedex 99999" };
const PHONE_TYPED = "06 12 34 56 78";
const PHONE_SHOWN = "+33 6 12 34 56 78";

/** Requests of one kind held until the path lets them go; a new search forgets those of the last one. */
class Held {
  private readonly arrived: Route[] = [];
  private readonly waiting: ((route: Route) => void)[] = [];

  static async on(page: Page, pattern: RegExp): Promise<Held> {
    const held = new Held();
    await page.route(pattern, (route) => {
      const take = held.waiting.shift();
      if (take) take(route);
      else held.arrived.push(route);
    });
    return held;
  }

  next(): Promise<Route> {
    const route = this.arrived.shift();
    return route ? Promise.resolve(route) : new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Lets the requests of a settled search go (the page no longer waits for their answers). */
  forget(): void {
    for (const route of this.arrived.splice(0)) route.continue().catch(() => undefined);
  }
}

interface PathData {
  lang: Lang;
  relays: Held;
  geocoder: Held;
  style: Held;
  /** The A2P points and the points of other types the last answer listed. */
  a2p: string[];
  others: string[];
  /** The model's relay ids, as the names of the real points chosen for them. */
  names: Map<string, string>;
  /** What this path typed for the search under way. */
  typed: typeof PARIS;
  /** Why the map cannot show, as the area says it: its WebGL context lost, or its style given up. */
  unavailable: "relais.map.noWebgl" | "relais.map.failed";
}

function path(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("relay-search") as PathData | undefined;
  if (found === undefined) throw new Error("the relay search path was not started");
  return found;
}

const dialogOf = (page: Page, lang: Lang) => page.getByRole("dialog", { name: message(lang, "relais.title") });
const mapOf = (page: Page, lang: Lang) => dialogOf(page, lang).getByRole("region", { name: message(lang, "relais.map.label") });
const button = (scope: Locator, lang: Lang, id: string) => scope.getByRole("button", { name: message(lang, id), exact: true });
const textbox = (scope: Locator, lang: Lang, id: string) => scope.getByRole("textbox", { name: messagePattern(lang, id) });

/** A message with a `{count, plural, …}` placeholder, as shown for `count`. */
function plural(lang: Lang, id: string, count: number): string {
  const forms = /\{count, plural, one \{([^}]*)\} other \{([^}]*)\}\}/u.exec(message(lang, id));
  if (!forms) throw new Error(`${id} is not a plural message`);
  const form = new Intl.PluralRules(lang).select(count) === "one" ? forms[1] : forms[2];
  return (form ?? "").replace("#", String(count));
}

/** The phones of the delivery addresses the modal may open on (valid for their country). */
const SAVED_PHONE: Record<string, string> = { FR: "+33612345678", BE: "+32470123456" };

/** Saves the customer's default delivery address, which the shipping step opens the modal on. */
async function saveDeliveryAddress(lang: Lang, token: string, address: RelayAddress): Promise<void> {
  const api = await storefrontApi(lang);
  await answerOf(
    api.POST("/customers/address", {
      params: { query: { defaultShipping: true }, header: { "X-Customer-Authorization": `Bearer ${token}` } },
      body: { firstName: "Jeanne", lastName: "Testeur", ...address, phone: SAVED_PHONE[address.country] ?? "" },
    }),
  );
}

/** What the path's next relay answer needs the shopper to have typed. */
function typedFor(upcoming: ModelEvent<RelaySearchEvent>[]): typeof PARIS {
  const answer = upcoming.find((event) => event.type.endsWith(".actor.searchRelayPoints"));
  const lost = upcoming.find((event) => event.type.endsWith(".actor.geocodeAddress"));
  const label = answer === undefined ? undefined : relaySearchModel.describeEvent?.(answer);
  if (label === "(relay service answers no A2P point)") return NOWHERE;
  if (label === "(relay service answers 400)") return REFUSED_POSTCODE;
  if (lost?.type === "xstate.error.actor.geocodeAddress") return UNREADABLE_TOWN;
  return PARIS;
}

async function fillAddress(dialog: Locator, lang: Lang, address: Omit<RelayAddress, "country">, country: string): Promise<void> {
  await textbox(dialog, lang, "addressForm.street.label").fill(address.street);
  await textbox(dialog, lang, "addressForm.postCode.label").fill(address.postCode);
  await textbox(dialog, lang, "addressForm.city.label").fill(address.city);
  await dialog.getByRole("combobox", { name: messagePattern(lang, "addressForm.country.label") }).selectOption(country);
}

/** Lets the held relay search go to the real server; its answer read as the page reads it. */
async function answerRelays(page: Page, data: PathData): Promise<{ status: number; body: unknown }> {
  const route = await data.relays.next();
  const response = page.waitForResponse((candidate) => RELAYS.test(candidate.url()));
  await route.continue();
  const answered = await response;
  const body: unknown = await answered.json();
  return { status: answered.status(), body };
}

async function answerPoints(page: Page, data: PathData): Promise<RelaySearchResponse> {
  const { status, body } = await answerRelays(page, data);
  expect(status).toBe(200);
  const points = (body as RelaySearchResponse).listePointRetraitAcheminement;
  data.a2p = points.filter((point) => point.typeDePoint === RELAY_POINT_TYPE).map((point) => point.name);
  data.others = points.filter((point) => point.typeDePoint !== RELAY_POINT_TYPE).map((point) => point.name);
  return body as RelaySearchResponse;
}

async function failRelays(data: PathData, error: { status: number; message: string; code?: string }): Promise<void> {
  const route = await data.relays.next();
  await route.fulfill({ status: error.status, json: { status: error.status, code: error.code ?? "INTERNAL_ERROR", message: error.message } });
}

async function answerGeocoder(page: Page, data: PathData, status: number): Promise<void> {
  const route = await data.geocoder.next();
  const response = page.waitForResponse((candidate) => GEOCODER.test(candidate.url()));
  await route.continue();
  expect((await response).status()).toBe(status);
}

/** The map's WebGL context, taken back by the browser or given back (the extension kept on the page between the two). */
async function loseContext(page: Page, lang: Lang): Promise<void> {
  const canvas = mapOf(page, lang).locator("canvas.maplibregl-canvas");
  await expect(canvas).toBeAttached();
  await canvas.evaluate((element: HTMLCanvasElement) => {
    const gl = element.getContext("webgl2") ?? element.getContext("webgl");
    const extension = gl?.getExtension("WEBGL_lose_context");
    if (!extension) throw new Error("the map's canvas has no WebGL context to lose");
    (window as unknown as { relayMapContext?: WEBGL_lose_context }).relayMapContext = extension;
    extension.loseContext();
  });
}

async function restoreContext(page: Page): Promise<void> {
  await page.evaluate(() => {
    const extension = (window as unknown as { relayMapContext?: WEBGL_lose_context }).relayMapContext;
    if (!extension) throw new Error("no WebGL context of the map was lost");
    extension.restoreContext();
  });
}

const MAP_UNAVAILABLE = ["relais.map.noWebgl", "relais.map.failed"];

// What the search part of the modal shows, by the search region's state.
type Check = (page: Page, data: PathData, snapshot: RelaySearchSnapshot) => Promise<void>;

const errors = ["relais.notFound", "errors.server.access", "errors.server.relaisAddress"];

async function noSearchMessage(dialog: Locator, lang: Lang, except?: string): Promise<void> {
  for (const id of errors.filter((candidate) => candidate !== except)) {
    await expect(dialog.getByText(message(lang, id), { exact: true })).toHaveCount(0);
  }
}

async function noResults(dialog: Locator, lang: Lang): Promise<void> {
  await expect(dialog.getByRole("radio")).toHaveCount(0);
  await expect(dialog.getByText(messagePattern(lang, "relais.chosen"))).toHaveCount(0);
}

const searching: Check = async (page, { lang }) => {
  const dialog = dialogOf(page, lang);
  await expect(dialog.getByRole("status").filter({ hasText: message(lang, "relais.searching") })).toBeVisible();
  await expect(button(dialog, lang, "relais.searching")).toBeDisabled();
  await noResults(dialog, lang);
  await noSearchMessage(dialog, lang);
};

function failed(id: string): Check {
  return async (page, { lang }) => {
    const dialog = dialogOf(page, lang);
    await expect(dialog.getByRole("alert").filter({ hasText: message(lang, id) })).toBeVisible();
    await expect(button(dialog, lang, "relais.search")).toBeEnabled();
    await noSearchMessage(dialog, lang, id);
    await noResults(dialog, lang);
  };
}

const SEARCH: Record<string, Check> = {
  idle: async (page, { lang }) => {
    const dialog = dialogOf(page, lang);
    await expect(dialog.getByRole("form", { name: message(lang, "relais.form.label") })).toBeVisible();
    await expect(textbox(dialog, lang, "addressForm.street.label")).toHaveValue("");
    await expect(button(dialog, lang, "relais.search")).toBeEnabled();
    await expect(dialog.getByText(message(lang, "relais.searching"), { exact: true })).toHaveCount(0);
    await noSearchMessage(dialog, lang);
    await noResults(dialog, lang);
  },
  "searching.relays.asking + centre.locating": searching,
  "searching.relays.asking + centre.located": searching,
  "searching.relays.answered + centre.locating": searching,
  found: async (page, data, snapshot) => {
    const { lang } = data;
    const dialog = dialogOf(page, lang);
    await expect(dialog.getByRole("status").filter({ hasText: plural(lang, "relais.found", data.a2p.length) })).toBeVisible();
    await expect(dialog.getByRole("radio")).toHaveCount(data.a2p.length);
    for (const other of data.others) await expect(dialog.getByRole("radio", { name: other })).toHaveCount(0);
    const { selectedId, phone } = snapshot.context;
    const chosen = selectedId === null ? undefined : data.names.get(selectedId);
    if (chosen === undefined) {
      await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(0);
      await expect(dialog.getByText(messagePattern(lang, "relais.chosen"))).toHaveCount(0);
    } else {
      await expect(dialog.getByRole("radio", { name: chosen })).toBeChecked();
      await expect(dialog.getByText(message(lang, "relais.chosen").replace("{name}", chosen), { exact: true })).toBeVisible();
    }
    const phoneField = textbox(dialog, lang, "addressForm.phone.label");
    if (phone === null) await expect(phoneField).not.toHaveValue(PHONE_SHOWN);
    else await expect(phoneField).toHaveValue(PHONE_SHOWN);
    await noSearchMessage(dialog, lang);
  },
  notFound: failed("relais.notFound"),
  "failed.addressRefused": failed("errors.server.relaisAddress"),
  "failed.serverError": failed("errors.server.access"),
};

/** Validate: enabled exactly when the model lets the shopper validate; else the hint says what it waits for. */
async function validateButton(page: Page, lang: Lang, snapshot: RelaySearchSnapshot): Promise<void> {
  const dialog = dialogOf(page, lang);
  const validate = button(dialog, lang, "relais.validate");
  if (snapshot.can({ type: "relaySearch.validate" })) await expect(validate).toBeEnabled();
  else await expect(validate).toBeDisabled();
}

const MAP: Record<string, Check> = {
  loading: async (page, { lang }, snapshot) => {
    const map = mapOf(page, lang);
    await expect(map.getByRole("status").filter({ hasText: message(lang, "relais.map.loading") })).toBeVisible();
    // Chosen and with a phone, Validate waits for the map alone.
    const waitsForMap = snapshot.context.selectedId !== null && snapshot.context.phone !== null && snapshot.matches({ picking: { search: "found" } });
    const hint = dialogOf(page, lang).getByText(message(lang, "relais.validate.map"), { exact: true });
    await expect(hint).toHaveCount(waitsForMap ? 1 : 0);
  },
  ready: async (page, { lang }) => {
    const map = mapOf(page, lang);
    await expect(map.locator("canvas.maplibregl-canvas")).toBeVisible();
    await expect(map.getByRole("button", { name: message(lang, "relais.map.zoomIn"), exact: true })).toBeVisible();
    await expect(map.getByText(message(lang, "relais.map.loading"), { exact: true })).toHaveCount(0);
    for (const id of MAP_UNAVAILABLE) await expect(map.getByText(message(lang, id), { exact: true })).toHaveCount(0);
    await expect(dialogOf(page, lang).getByText(message(lang, "relais.validate.map"), { exact: true })).toHaveCount(0);
  },
  unavailable: async (page, { lang, unavailable }) => {
    const map = mapOf(page, lang);
    await expect(map.getByText(message(lang, unavailable), { exact: true })).toBeVisible();
    for (const id of MAP_UNAVAILABLE.filter((other) => other !== unavailable)) await expect(map.getByText(message(lang, id), { exact: true })).toHaveCount(0);
    await expect(map.getByText(message(lang, "relais.map.loading"), { exact: true })).toHaveCount(0);
    await expect(dialogOf(page, lang).getByText(message(lang, "relais.validate.map"), { exact: true })).toHaveCount(0);
  },
};

function pickingStates(): Record<string, (page: Page, world: { memory: Map<string, unknown>; snapshot: RelaySearchSnapshot }) => Promise<void>> {
  const states: Record<string, (page: Page, world: { memory: Map<string, unknown>; snapshot: RelaySearchSnapshot }) => Promise<void>> = {};
  for (const [search, showsSearch] of Object.entries(SEARCH)) {
    for (const [map, showsMap] of Object.entries(MAP)) {
      states[`picking.search.${search} + map.${map}`] = async (page, world) => {
        const data = path(world);
        await expect(dialogOf(page, data.lang)).toBeVisible();
        await showsSearch(page, data, world.snapshot);
        await showsMap(page, data, world.snapshot);
        await validateButton(page, data.lang, world.snapshot);
      };
    }
  }
  return states;
}

export const relaySearchBinding = defineFlowBinding(relaySearchModel, {
  inEnglish: true,
  start: async ({ lang, context, openPage, memory, upcoming, snapshot }) => {
    const session = await registerCustomer(lang);
    // A start on a delivery address (the flow's other entries): the customer's default one.
    const opening = snapshot.context.address;
    if (opening !== null) await saveDeliveryAddress(lang, session.token, opening.country === "FR" ? { ...typedFor(upcoming), country: "FR" } : opening);
    await signInBrowser(context, session.token);
    // The map's time-out is the page clock's: installed before the shop loads, moved on when the path says.
    if (upcoming.some((event) => event.type.startsWith("xstate.after.mapLoadTimeout"))) await context.clock.install();
    const page = await openPage(`/${lang}`);
    await addAProduct(page, lang);
    await page.goto(pagePath("checkoutShipping", lang));
    const data: PathData = {
      lang,
      relays: await Held.on(page, RELAYS),
      geocoder: await Held.on(page, GEOCODER),
      style: await Held.on(page, MAP_STYLE),
      a2p: [],
      others: [],
      names: new Map(),
      typed: PARIS,
      unavailable: "relais.map.noWebgl",
    };
    memory.set("relay-search", data);
    await page.getByRole("button", { name: message(lang, "relais.open"), exact: true }).click();
    await expect(dialogOf(page, lang)).toBeVisible();
    return page;
  },
  states: {
    ...pickingStates(),
    validated: async (page, world) => {
      const data = path(world);
      await expect(dialogOf(page, data.lang)).toBeHidden();
      const chosen = world.snapshot.context.selectedId === null ? undefined : data.names.get(world.snapshot.context.selectedId);
      if (chosen === undefined) throw new Error("validated without a relay point chosen");
      await expect(page.getByRole("main").getByText(chosen)).toBeVisible();
    },
  },
  events: {
    "relaySearch.search": async (page, event, world) => {
      if (event.type !== "relaySearch.search") throw new Error(`not a search: ${event.type}`);
      const data = path(world);
      const dialog = dialogOf(page, data.lang);
      data.relays.forget();
      data.geocoder.forget();
      if (event.address.country === "FR") {
        data.typed = typedFor(world.upcoming);
        await fillAddress(dialog, data.lang, data.typed, "FR");
      } else {
        await fillAddress(dialog, data.lang, event.address, event.address.country);
      }
      await button(dialog, data.lang, "relais.search").click();
      // Another country: the field says France only, and no request leaves.
      if (event.address.country !== "FR") await expect(dialog.getByText(message(data.lang, "relais.country.error"), { exact: true })).toBeVisible();
    },
    "(relay service answers points of several types)": async (page, _event, world) => {
      const data = path(world);
      await answerPoints(page, data);
      expect(data.a2p.length).toBeGreaterThan(0);
      expect(data.others.length).toBeGreaterThan(0);
    },
    "(relay service answers no A2P point)": async (page, _event, world) => {
      const data = path(world);
      await answerPoints(page, data);
      expect(data.a2p).toEqual([]);
    },
    "(relay service answers 400)": async (page, _event, world) => {
      const { status } = await answerRelays(page, path(world));
      expect(status).toBe(400);
    },
    "(relay service answers 500)": (_page, _event, world) => failRelays(path(world), { status: 500, message: "Internal Server Error" }),
    "(relay service answers 502)": (_page, _event, world) => failRelays(path(world), UPSTREAM_ERROR),
    "(geocoder finds the address)": (page, _event, world) => answerGeocoder(page, path(world), 200),
    "(geocoder finds nothing)": (page, _event, world) => answerGeocoder(page, path(world), 404),
    "relaySearch.select": async (page, event, world) => {
      if (event.type !== "relaySearch.select") throw new Error(`not a choice: ${event.type}`);
      const data = path(world);
      const dialog = dialogOf(page, data.lang);
      if (event.relayId === LOCKER.id) {
        // A point of another type is not listed: there is nothing to choose it by.
        const [locker] = data.others;
        if (locker !== undefined) await expect(dialog.getByRole("radio", { name: locker })).toHaveCount(0);
        return;
      }
      const [nearest] = data.a2p;
      if (nearest === undefined) throw new Error("no A2P point was listed");
      data.names.set(event.relayId, nearest);
      await dialog.getByRole("radio", { name: nearest }).check();
    },
    "relaySearch.phone.set": async (page, event, world) => {
      if (event.type !== "relaySearch.phone.set") throw new Error(`not a phone: ${event.type}`);
      const { lang } = path(world);
      const phone = textbox(dialogOf(page, lang), lang, "addressForm.phone.label");
      await phone.fill(event.phone === null ? "" : PHONE_TYPED);
      await phone.blur();
      if (event.phone === null) await expect(dialogOf(page, lang).getByText(message(lang, "addressForm.phone.required"), { exact: true })).toBeVisible();
      else await expect(phone).toHaveValue(PHONE_SHOWN);
    },
    "relaySearch.map.ready": async (page, _event, world) => {
      const data = path(world);
      await (await data.style.next()).continue();
    },
    "relaySearch.map.unavailable": async (page, _event, world) => {
      const data = path(world);
      data.unavailable = "relais.map.noWebgl";
      await loseContext(page, data.lang);
    },
    "relaySearch.map.loading": (page) => restoreContext(page),
    "(after mapLoadTimeout)": async (page, _event, world) => {
      const data = path(world);
      const { lang } = data;
      data.unavailable = "relais.map.failed";
      // The map's code is there and its style on its way when the time runs out.
      await expect(mapOf(page, lang).locator("canvas.maplibregl-canvas")).toBeAttached();
      // So is the notification area (loaded after the first render), which a download still on its way after 120 s would leave out.
      await expect(page.getByRole("region", { name: message(lang, "notifications.label") })).toBeAttached();
      await page.clock.fastForward(MAP_LOAD_TIMEOUT_MS);
    },
    "relaySearch.validate": async (page, _event, world) => {
      const { lang } = path(world);
      await button(dialogOf(page, lang), lang, "relais.validate").click();
    },
  },
});
