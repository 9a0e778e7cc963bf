// The flows documented in docs/flows/: each machine with its model, the words of its steps, its purpose
// in a line and the tests that walk its generated paths. `machines:paths` and `machines:diagrams` write
// from this list, and the unit tests check it against the models and the test files.
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import { authModel } from "../machines/auth/auth.model.ts";
import { authSteps } from "../machines/auth/auth.steps.ts";
import { noTokenSessionModel, sessionModel, unreadableTokenSessionModel } from "../machines/auth/session.model.ts";
import { sessionSteps } from "../machines/auth/session.steps.ts";
import { cartModel, returningCustomerModel, visitorWithoutCartModel } from "../machines/cart/cart.model.ts";
import { cartSteps } from "../machines/cart/cart.steps.ts";
import { checkoutModel } from "../machines/checkout/checkout.model.ts";
import { checkoutSteps } from "../machines/checkout/checkout.steps.ts";
import { cookieConsentModel, returningVisitorModel } from "../machines/cookie-consent/cookie-consent.model.ts";
import { cookieConsentSteps } from "../machines/cookie-consent/cookie-consent.steps.ts";
import { arrivalWithDefaultBillingModel, arrivalWithDefaultsModel, empowermentOrderModel } from "../machines/empowerment-order/empowerment-order.model.ts";
import { empowermentOrderSteps } from "../machines/empowerment-order/empowerment-order.steps.ts";
import { newsletterModel } from "../machines/newsletter/newsletter.model.ts";
import { newsletterSteps } from "../machines/newsletter/newsletter.steps.ts";
import { notificationsModel } from "../machines/notifications/notifications.model.ts";
import { notificationsSteps } from "../machines/notifications/notifications.steps.ts";
import { paymentModel } from "../machines/payment/payment.model.ts";
import { paymentSteps } from "../machines/payment/payment.steps.ts";
import { openedAbroadModel, openedOnFranceModel, relaySearchModel } from "../machines/relay-search/relay-search.model.ts";
import { relaySearchSteps } from "../machines/relay-search/relay-search.steps.ts";
import { searchModel } from "../machines/search/search.model.ts";
import { searchSteps } from "../machines/search/search.steps.ts";
import { coveringPathNames } from "../machines/shared/flow-cover.ts";
import { describePath, flowPaths, type FlowModel } from "../machines/shared/flow-model.ts";
import { checkFlowSteps, describePathSteps, type DescribedStep, type FlowSteps } from "../machines/shared/flow-steps.ts";
import { notCausedInBrowser } from "../tests/e2e/flows/not-caused.ts";
import { stockAlertModel } from "../machines/stock-alert/stock-alert.model.ts";
import { stockAlertSteps } from "../machines/stock-alert/stock-alert.steps.ts";

/** A test suite that runs every generated path of a flow, one test per path. */
export interface PathSuite {
  /** From the repository's root. */
  file: string;
  /** The `describe()` title. */
  suite: string;
  /** What the suite puts before the path's description (`describePath()`) to name its test. */
  prefix: string;
  /** The paths the suite runs, by description, when not all of them (the browser runs a covering subset). */
  runs?: ReadonlySet<string>;
}

export interface DocumentedPath {
  /** `describePath()`: the technical line, and with a suite's prefix the name of its test. */
  description: string;
  steps: DescribedStep[];
}

export interface Flow {
  /** `docs/flows/<name>.*`. */
  name: string;
  /** From the repository's root. */
  machineFile: string;
  modelFile: string;
  stepsFile: string;
  /** What the flow is for, in a line. */
  purpose: string;
  machine: AnyStateMachine;
  input: unknown;
  suites: PathSuite[];
  /** The generated paths with their words, in a stable order; throws `MissingWords`. */
  paths: () => DocumentedPath[];
  /** The flow's other starts (the same machine from another input), each with its own paths and tests. */
  starts: FlowStart[];
  check: () => { missing: string[]; unused: string[] };
}

/** Another start of a flow: the same machine and words from another input, whose paths its own suites run. */
export interface FlowStart {
  /** What is different at this start, in a line. */
  title: string;
  input: unknown;
  suites: PathSuite[];
  paths: () => DocumentedPath[];
}

function documentedPaths<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  steps: FlowSteps<TSnapshot, TEvent>,
): DocumentedPath[] {
  return flowPaths(model)
    .map((path) => ({ description: describePath(model, path), steps: describePathSteps(model, steps, path) }))
    .sort((a, b) => (a.description < b.description ? -1 : a.description > b.description ? 1 : 0));
}

interface StartAbout<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput> {
  title: string;
  model: FlowModel<TSnapshot, TEvent, TInput>;
  suites: PathSuite[];
}

function flow<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  steps: FlowSteps<TSnapshot, TEvent>,
  about: { folder?: string; purpose: string; suites: PathSuite[]; starts?: StartAbout<TSnapshot, TEvent, TInput>[] },
): Flow {
  const folder = `machines/${about.folder ?? model.name}`;
  return {
    name: model.name,
    machineFile: `${folder}/${model.name}.machine.ts`,
    modelFile: `${folder}/${model.name}.model.ts`,
    stepsFile: `${folder}/${model.name}.steps.ts`,
    purpose: about.purpose,
    machine: model.machine,
    input: model.input,
    suites: about.suites,
    paths: () => documentedPaths(model, steps),
    starts: (about.starts ?? []).map((start) => ({ title: start.title, input: start.model.input, suites: start.suites, paths: () => documentedPaths(start.model, steps) })),
    // The words are checked against every start's paths: a state only another start reaches has its words too.
    check: () => {
      const checks = [model, ...(about.starts ?? []).map((start) => start.model)].map((each) => checkFlowSteps(each, steps));
      const missing = [...new Set(checks.flatMap((each) => each.missing))].sort();
      const unused = checks.reduce<string[]>((left, each) => left.filter((word) => each.unused.includes(word)), checks[0]?.unused ?? []);
      return { missing, unused };
    },
  };
}

function suite(name: string, title: string, prefix = ""): PathSuite {
  return { file: `tests/machines/${name}.test.ts`, suite: title, prefix };
}

/**
 * The browser suite of a flow (tests/e2e/flows/<flow>.e2e.ts, whose runner names a test by the path's
 * description): it runs the paths of `coveringPaths()`, in French.
 */
function browserSuite<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  model: FlowModel<TSnapshot, TEvent, TInput>,
  title: string,
  cover?: "states",
): PathSuite {
  const runs = coveringPathNames(model, { except: notCausedInBrowser(model.name), ...(cover === undefined ? {} : { only: cover }) });
  return { file: `tests/e2e/flows/${model.name}.e2e.ts`, suite: title, prefix: "", runs };
}

export const FLOWS: readonly Flow[] = [
  flow(notificationsModel, notificationsSteps, {
    purpose: "The notification queue: passing notices that leave on their own, persistent ones that wait to be closed.",
    suites: [suite("notifications", "notification queue: generated paths")],
  }),
  flow(searchModel, searchSteps, {
    purpose: "The header's search box with its suggestions panel.",
    suites: [suite("search", "search machine: generated paths"), browserSuite(searchModel, "search box: browser paths")],
  }),
  flow(newsletterModel, newsletterSteps, {
    purpose: "The footer's newsletter form: terms box, address check, the subscription's answer.",
    suites: [suite("newsletter", "newsletter form: generated paths"), browserSuite(newsletterModel, "newsletter form: browser paths")],
  }),
  flow(stockAlertModel, stockAlertSteps, {
    purpose: "The back-in-stock alert form of an out-of-stock product.",
    suites: [suite("stock-alert", "stock alert form: generated paths", "path: "), browserSuite(stockAlertModel, "stock alert form: browser paths")],
  }),
  flow(cookieConsentModel, cookieConsentSteps, {
    purpose: "The cookie banner and its panel of categories, reopened from the cookie page.",
    suites: [suite("cookie-consent", "cookie consent: generated paths"), browserSuite(cookieConsentModel, "cookie consent: browser paths")],
    starts: [
      {
        title: "A returning visitor whose decision is in the consent cookie (maps allowed): no banner, the decision applies.",
        model: returningVisitorModel,
        suites: [
          suite("cookie-consent", "cookie consent, returning visitor: generated paths"),
          browserSuite(returningVisitorModel, "cookie consent, returning visitor: browser paths", "states"),
        ],
      },
    ],
  }),
  flow(cartModel, cartSteps, {
    purpose: "The cart: adding, changing and removing products, the promo code, the sidebar and the added/removed modal.",
    suites: [suite("cart", "cart machine: generated paths"), browserSuite(cartModel, "cart: browser paths")],
    starts: [
      {
        title: "A visitor without a stored cart: nothing to fetch, the cart ready and empty.",
        model: visitorWithoutCartModel,
        suites: [suite("cart", "cart machine, visitor without a stored cart: generated paths"), browserSuite(visitorWithoutCartModel, "cart, visitor without a stored cart: browser paths")],
      },
      {
        title: "A returning customer, whose stored session is being restored: the cart waits for it, then loads one cart (the customer's, none, or the stored one).",
        model: returningCustomerModel,
        suites: [suite("cart", "cart machine, returning customer: generated paths"), browserSuite(returningCustomerModel, "cart, returning customer: browser paths")],
      },
    ],
  }),
  flow(checkoutModel, checkoutSteps, {
    purpose: "The checkout's shipping step: where the shopper is sent, addresses, relay point, shipment methods.",
    suites: [suite("checkout", "checkout machine: generated paths"), browserSuite(checkoutModel, "checkout: browser paths")],
  }),
  flow(paymentModel, paymentSteps, {
    purpose: "The card payment: payment step, the bank's return, the result, retry and thank-you pages.",
    suites: [suite("payment", "payment machine: generated paths"), browserSuite(paymentModel, "card payment: browser paths")],
  }),
  flow(authModel, authSteps, {
    purpose: "The sign-in dialog: sign in, register, forgotten password, the e-mailed code, the employees' single sign-on.",
    suites: [suite("auth", "sign-in dialog: generated paths", "path: "), browserSuite(authModel, "sign-in dialog: browser paths")],
  }),
  flow(sessionModel, sessionSteps, {
    folder: "auth",
    purpose: "The customer's session: restored at start, signed in and out, expired.",
    suites: [
      { file: "tests/machines/auth-session.test.ts", suite: "customer session: generated paths", prefix: "path: " },
      browserSuite(sessionModel, "customer session: browser paths"),
    ],
    starts: [
      {
        title: "A visitor without a stored token: anonymous at once, nothing asked.",
        model: noTokenSessionModel,
        suites: [
          { file: "tests/machines/auth-session.test.ts", suite: "customer session, no token: generated paths", prefix: "path: " },
          browserSuite(noTokenSessionModel, "customer session, no token: browser paths", "states"),
        ],
      },
      {
        title: "A token cookie that cannot be read: forgotten at once, the login dialog opened with the 'disconnected' notice.",
        model: unreadableTokenSessionModel,
        suites: [
          { file: "tests/machines/auth-session.test.ts", suite: "customer session, unreadable token: generated paths", prefix: "path: " },
          browserSuite(unreadableTokenSessionModel, "customer session, unreadable token: browser paths", "states"),
        ],
      },
    ],
  }),
  flow(relaySearchModel, relaySearchSteps, {
    purpose: "The Colissimo relay point picker: the search, the list and the map, validating a point.",
    suites: [suite("relay-search", "relay search machine: generated paths"), browserSuite(relaySearchModel, "relay picker: browser paths")],
    starts: [
      {
        title: "Opened on the customer's French delivery address: it is searched at once.",
        model: openedOnFranceModel,
        suites: [
          suite("relay-search", "relay search machine, opened on a French delivery address: generated paths"),
          browserSuite(openedOnFranceModel, "relay picker, opened on a French delivery address: browser paths", "states"),
        ],
      },
      {
        title: "Opened on a delivery address abroad: refused at once (the relay points are in France only).",
        model: openedAbroadModel,
        suites: [
          suite("relay-search", "relay search machine, opened on a delivery address abroad: generated paths"),
          browserSuite(openedAbroadModel, "relay picker, opened on a delivery address abroad: browser paths", "states"),
        ],
      },
    ],
  }),
  flow(empowermentOrderModel, empowermentOrderSteps, {
    purpose: "The Empowerment checkout: a gift sent to a passenger, paid from the crew member's money pot.",
    suites: [suite("empowerment-order", "empowerment checkout: generated paths", "path: "), browserSuite(empowermentOrderModel, "empowerment checkout: browser paths")],
    starts: [
      {
        title: "Arriving on a cart without delivery or billing address, the crew member's defaults to set ('Hotel Lisboa' to deliver to, 'Maison' to bill).",
        model: arrivalWithDefaultsModel,
        suites: [
          suite("empowerment-order", "empowerment checkout, arriving with both defaults to set: generated paths", "path: "),
          browserSuite(arrivalWithDefaultsModel, "empowerment checkout, arriving with both defaults to set: browser paths"),
        ],
      },
      {
        title: "Arriving on a cart delivered already, the crew member's default billing address ('Maison') to set.",
        model: arrivalWithDefaultBillingModel,
        suites: [
          suite("empowerment-order", "empowerment checkout, arriving with the default billing address to set: generated paths", "path: "),
          browserSuite(arrivalWithDefaultBillingModel, "empowerment checkout, arriving with the default billing address to set: browser paths"),
        ],
      },
    ],
  }),
];
