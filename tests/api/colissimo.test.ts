// Relay point search through La Poste's Colissimo web service (COLISSIMO_* configured): the
// request it is sent, its recorded answers mapped to the contract, and a 502 when it fails.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import { openingTimeOf } from "../../server/adapters/colissimo/colissimo-relay-points.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

type RelaySearchResponse = components["schemas"]["RelaySearchResponse"];

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");

/** A Wednesday, in France. */
const NOW = new Date("2026-07-29T08:00:00Z");

describe("opening hours from the service", () => {
  it("keep their slots, lose the empty ones, and a day without any is closed", () => {
    expect(openingTimeOf("09:00-12:00 14:00-18:00")).toBe("09:00-12:00 14:00-18:00");
    expect(openingTimeOf("09:00-19:00 00:00-00:00")).toBe("09:00-19:00");
    expect(openingTimeOf("00:00-00:00 00:00-00:00")).toBeNull();
    expect(openingTimeOf("")).toBeNull();
    expect(openingTimeOf(undefined)).toBeNull();
  });
});

describe("relay point search through the Colissimo web service", () => {
  let service: Server;
  let serviceUrl: string;
  const received: { path: string; body: Record<string, unknown> }[] = [];
  const shops: TestApp[] = [];
  /** A shop configured with an API key, shared by the tests that need nothing else. */
  let shop: TestApp;

  beforeAll(async () => {
    // The service's recorded answers, chosen by the searched city.
    service = createServer((request, response) => {
      let raw = "";
      request.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      request.on("end", () => {
        const body = JSON.parse(raw || "{}") as Record<string, unknown>;
        received.push({ path: request.url ?? "", body });
        const city = String(body.city);
        if (city === "Panne") return void response.writeHead(503).end("service unavailable");
        if (city === "Charabia") return void response.writeHead(200, { "content-type": "application/json" }).end("<html>maintenance</html>");
        const answer = city === "Refus" ? fixture("colissimo-relays-refused.json") : fixture("colissimo-relays-lyon.json");
        response.writeHead(200, { "content-type": "application/json" }).end(answer);
      });
    });
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/pointretrait`;
    shop = await startShop({ COLISSIMO_URL: serviceUrl, COLISSIMO_API_KEY: "an-api-key-0123" });
  });
  afterAll(async () => {
    for (const started of shops) await started.close();
    await new Promise((resolve) => service.close(resolve));
  });

  const startShop = async (env: Record<string, string>) => {
    const started = await startTestApp({ name: "pglite", url: null }, { seed: false, env, app: { now: () => NOW } });
    shops.push(started);
    return started;
  };
  const search = (target: TestApp, body: Record<string, unknown> = {}) =>
    target.request({
      method: "POST",
      url: "/api/v1/colissimo/relays",
      payload: { address: "Place Bellecour", countryCode: "FR", zipCode: "69002", city: "Lyon", weight: 1500, shippingDate: "2026-07-31", ...body },
    });

  it("sends the service the account, the address, the weight in grams and the date as it writes dates", async () => {
    const withAccount = await startShop({ COLISSIMO_URL: serviceUrl, COLISSIMO_ACCOUNT_NUMBER: "812345", COLISSIMO_PASSWORD: "secret-password" });
    expect((await search(withAccount)).statusCode).toBe(200);
    expect(received.at(-1)).toEqual({
      path: "/pointretrait/findRDVPointRetraitAcheminement",
      body: {
        accountNumber: "812345",
        password: "secret-password",
        address: "Place Bellecour",
        zipCode: "69002",
        city: "Lyon",
        countryCode: "FR",
        weight: "1500",
        shippingDate: "31/07/2026",
        filterRelay: "1",
        lang: "FR",
        optionInter: "0",
      },
    });
  });

  it("maps the service's points to the contract, in its order", async () => {
    const response = await search(shop);
    expect(response.statusCode).toBe(200);
    expect(received.at(-1)?.body).toMatchObject({ apiKey: "an-api-key-0123" });
    expect(received.at(-1)?.body).not.toHaveProperty("password");
    const body = response.json<RelaySearchResponse>();
    expect(body.wsRequestId).toBe("5f0c2a9e8b7d4c31a6e9f2b1c0d8e7a65f0c2a9e8b7d4c31a6e9f2b1c0d8e7a6");
    expect(body.listePointRetraitAcheminement.map((point) => point.id)).toEqual(["690214", "487115", "512904"]);
    const [office, shopPoint, locker] = body.listePointRetraitAcheminement;
    expect(office).toEqual({
      id: "690214",
      name: "BUREAU DE POSTE LYON BELLECOUR",
      company: null,
      street: "10 PLACE ANTONIN PONCET",
      city: "LYON",
      postCode: "69002",
      country: "FR",
      position: { lat: 45.756289, lng: 4.833922 },
      distance: 212,
      picture: null,
      openingTimes: [
        { day: "MONDAY", time: "09:00-19:00", now: false },
        { day: "TUESDAY", time: "09:00-19:00", now: false },
        { day: "WEDNESDAY", time: "09:00-19:00", now: true },
        { day: "THURSDAY", time: "09:00-19:00", now: false },
        { day: "FRIDAY", time: "09:00-19:00", now: false },
        { day: "SATURDAY", time: "09:00-12:30", now: false },
        { day: "SUNDAY", time: null, now: false },
      ],
      typeDePoint: "BPR",
    });
    expect(shopPoint).toMatchObject({ street: "3 RUE DES JACOBINS, ANGLE RUE MERCIERE", typeDePoint: "A2P", distance: 431 });
    expect(shopPoint?.openingTimes[0]).toEqual({ day: "MONDAY", time: null, now: false });
    expect(shopPoint?.openingTimes[1]?.time).toBe("07:30-12:30 14:00-19:30");
    expect(locker).toMatchObject({ street: "14 COURS DE VERDUN PERRACHE, HALL DE LA GARE", position: { lat: 45.748612, lng: 4.826177 }, typeDePoint: "PCS" });
  });

  it("does not offer a point the service says is too light for the parcel", async () => {
    const ids = (await search(shop, { weight: 15_000 })).json<RelaySearchResponse>().listePointRetraitAcheminement.map((point) => point.id);
    expect(ids).toEqual(["690214", "487115"]);
  });

  it("answers 502 when the service refuses the search, fails, answers something else or cannot be reached", async () => {
    for (const city of ["Refus", "Panne", "Charabia"]) {
      const response = await search(shop, { city });
      expect(response.statusCode, city).toBe(502);
      expect(response.json()).toMatchObject({ status: 502, code: "UPSTREAM_UNAVAILABLE" });
    }
    const unreachable = await startShop({ COLISSIMO_URL: "http://127.0.0.1:1/pointretrait", COLISSIMO_API_KEY: "an-api-key-0123" });
    expect((await search(unreachable)).statusCode).toBe(502);
  });

  it("still refuses bad input before asking the service", async () => {
    const before = received.length;
    expect((await search(shop, { countryCode: "DE" })).statusCode).toBe(400);
    expect((await search(shop, { shippingDate: "2026-07-01" })).statusCode).toBe(400);
    expect(received.length).toBe(before);
  });
});
