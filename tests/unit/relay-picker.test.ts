// @vitest-environment jsdom
// The relay picker's view (SPEC §2, §4, §5, §9): the prefilled address searched at once, the A2P
// points listed with their distance and opening times, one choice shared by the list and the map,
// the relay form's and the phone's rules, and Validate only with a point, a valid phone and a settled
// map, handing on the point and the phone in international format. The map is a stand-in here (the
// browser tests drive the real one).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAR_RELAY, LOCKER, NEAR_RELAY, RELAYS_ANSWER } from "../../machines/relay-search/relay-search.model.ts";
import { dayName, formatDistance, openingSpans } from "../../src/features/checkout/relay-picker/relay-format.ts";
import { fakeRelayServer, PickerFixture, type FakeRelayServer } from "./support/relay-picker-fixture.tsx";

const PARIS = { street: "12 rue de Rivoli", postCode: "75004", city: "Paris", country: "FR", phone: "06 12 34 56 78" };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function show(address: typeof PARIS | null, answer: FakeRelayServer["answer"] = { status: 200, body: RELAYS_ANSWER }) {
  const server = fakeRelayServer(answer);
  const onValidate = vi.fn();
  render(createElement(PickerFixture, { api: server.api, address, onValidate }));
  return { server, onValidate };
}

const validateButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "relais.validate" });
const radios = () => screen.queryAllByRole<HTMLInputElement>("radio");

describe("relay picker", () => {
  it("searches the delivery address at once and lists the A2P points only, nearest first", async () => {
    const { server } = show(PARIS);
    await waitFor(() => expect(radios()).toHaveLength(2));
    expect(server.searches).toEqual([{ address: "12 rue de Rivoli", countryCode: "FR", zipCode: "75004", city: "Paris", weight: 1200, shippingDate: "2026-03-12" }]);
    expect(server.geocodings).toEqual(["12 rue de Rivoli 75004 Paris"]);
    expect(screen.queryByText(LOCKER.name)).toBeNull();
    const [near, far] = radios().map((radio) => radio.closest("li"));
    expect(near?.textContent).toContain(NEAR_RELAY.name);
    expect(near?.textContent).toContain("450 m");
    expect(far?.textContent).toContain("1.9 km");
  });

  it("shows each day's opening times, 'Close' on a closed day, today marked", async () => {
    show(PARIS);
    await waitFor(() => expect(radios()).toHaveLength(2));
    const item = radios()[0]?.closest("li");
    if (!item) throw new Error("no relay point listed");
    const rows = within(item).getAllByRole("row");
    expect(rows.map((row) => row.querySelector("th")?.textContent?.replace(/ relais\.today$/u, ""))).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(rows[6]?.textContent).toContain("relais.close");
    expect(rows[1]?.getAttribute("aria-current")).toBe("date");
    expect(rows.filter((row) => row.getAttribute("aria-current") !== null)).toHaveLength(1);
    expect(rows[0]?.textContent).toContain("09:00–12:30, 14:00–19:00");
  });

  it("keeps one choice between the list and the map, and validates it with the phone in international format", async () => {
    const { onValidate } = show(PARIS);
    await waitFor(() => expect(radios()).toHaveLength(2));
    expect(validateButton().disabled).toBe(true);
    // Chosen on the map: the list shows it.
    fireEvent.click(screen.getByRole("button", { name: `marker ${FAR_RELAY.name}` }));
    await waitFor(() => expect(radios()[1]?.checked).toBe(true));
    // Chosen in the list: the map shows it.
    fireEvent.click(radios()[0] as HTMLInputElement);
    await waitFor(() => expect(screen.getByRole("button", { name: `marker ${NEAR_RELAY.name}` }).getAttribute("aria-pressed")).toBe("true"));
    // The map still loading: Validate waits for it.
    expect(validateButton().disabled).toBe(true);
    expect(screen.getByText("relais.validate.map")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "map ready" }));
    await waitFor(() => expect(validateButton().disabled).toBe(false));
    fireEvent.click(validateButton());
    expect(onValidate).toHaveBeenCalledWith({ relay: NEAR_RELAY, phone: "+33612345678" });
  });

  it("lets the list alone validate when the map cannot show", async () => {
    const { onValidate } = show(PARIS);
    await waitFor(() => expect(radios()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "map unavailable" }));
    fireEvent.click(radios()[1] as HTMLInputElement);
    await waitFor(() => expect(validateButton().disabled).toBe(false));
    fireEvent.click(validateButton());
    expect(onValidate).toHaveBeenCalledWith({ relay: FAR_RELAY, phone: "+33612345678" });
  });

  it("waits for a valid phone for France, and writes it in international format once left", async () => {
    show({ ...PARIS, phone: "" });
    await waitFor(() => expect(radios()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "map ready" }));
    fireEvent.click(radios()[0] as HTMLInputElement);
    const phone = screen.getByLabelText(/addressForm\.phone\.label/u);
    fireEvent.blur(phone);
    expect(await screen.findByText("addressForm.phone.required")).toBeTruthy();
    expect(screen.getByText("relais.validate.phone")).toBeTruthy();
    fireEvent.change(phone, { target: { value: "0412" } });
    fireEvent.blur(phone);
    expect(await screen.findByText("addressForm.phone.error")).toBeTruthy();
    expect(validateButton().disabled).toBe(true);
    fireEvent.change(phone, { target: { value: "06 98 76 54 32" } });
    fireEvent.blur(phone);
    await waitFor(() => expect(validateButton().disabled).toBe(false));
    expect((phone as HTMLInputElement).value).toBe("+33 6 98 76 54 32");
  });

  it("refuses a country other than France at the field and in the flow (SPEC §8), without searching", async () => {
    const { server } = show(null);
    fireEvent.change(screen.getByLabelText(/addressForm\.street\.label/u), { target: { value: "Rue Neuve 1" } });
    fireEvent.change(screen.getByLabelText(/addressForm\.postCode\.label/u), { target: { value: "1000" } });
    fireEvent.change(screen.getByLabelText(/addressForm\.city\.label/u), { target: { value: "Bruxelles" } });
    fireEvent.change(screen.getByLabelText(/addressForm\.country\.label/u), { target: { value: "BE" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "relais.search" }));
    });
    expect(await screen.findByText("relais.country.error")).toBeTruthy();
    expect(await screen.findByText("errors.server.relaisAddress")).toBeTruthy();
    expect(server.searches).toEqual([]);
  });

  it("says which rule a field breaks (SPEC §5) and searches once they are followed", async () => {
    const { server } = show(null);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "relais.search" }));
    });
    expect(await screen.findByText("addressForm.street.required")).toBeTruthy();
    expect(screen.getByText("addressForm.postCode.required")).toBeTruthy();
    expect(screen.getByText("addressForm.city.required")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/addressForm\.street\.label/u), { target: { value: "R" } });
    fireEvent.change(screen.getByLabelText(/addressForm\.postCode\.label/u), { target: { value: "750" } });
    fireEvent.change(screen.getByLabelText(/addressForm\.city\.label/u), { target: { value: "P" } });
    expect(await screen.findByText("addressForm.street.error")).toBeTruthy();
    expect(screen.getByText("addressForm.postCode.error")).toBeTruthy();
    expect(screen.getByText("addressForm.city.error")).toBeTruthy();
    expect(server.searches).toEqual([]);
    fireEvent.change(screen.getByLabelText(/addressForm\.street\.label/u), { target: { value: "3 rue de Lyon" } });
    fireEvent.change(screen.getByLabelText(/addressForm\.postCode\.label/u), { target: { value: "75012" } });
    fireEvent.change(screen.getByLabelText(/addressForm\.city\.label/u), { target: { value: "Paris" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "relais.search" }));
    });
    await waitFor(() => expect(radios()).toHaveLength(2));
    expect(server.searches).toHaveLength(1);
  });

  it.each([
    [500, "errors.server.access"],
    [502, "errors.server.relaisAddress"],
  ])("says why a search found nothing: %i → %s", async (status, messageId) => {
    show(PARIS, { status, body: { status, message: "failed" } });
    expect((await screen.findByRole("alert")).textContent).toBe(messageId);
  });

  it("says relais.notFound when no A2P point is found", async () => {
    show(PARIS, { status: 200, body: { listePointRetraitAcheminement: [LOCKER], wsRequestId: "ws" } });
    expect((await screen.findByRole("alert")).textContent).toBe("relais.notFound");
    expect(radios()).toHaveLength(0);
  });
});

describe("relay formats", () => {
  it("writes distances in m under 1,000, else in km, per language (SPEC §9)", () => {
    expect(formatDistance(450, "en")).toBe("450 m");
    // French puts a narrow no-break space before the unit.
    expect(formatDistance(999, "fr")).toBe("999\u202fm");
    expect(formatDistance(1000, "en")).toBe("1 km");
    expect(formatDistance(1850, "en")).toBe("1.9 km");
    expect(formatDistance(1850, "fr")).toBe("1,9\u202fkm");
  });

  it("names the days in the page's language and splits a day's opening spans", () => {
    expect(dayName("MONDAY", "fr")).toBe("lundi");
    expect(dayName("SUNDAY", "en")).toBe("Sunday");
    expect(openingSpans("08:30-12:00 14:00-18:30")).toEqual(["08:30–12:00", "14:00–18:30"]);
  });
});
