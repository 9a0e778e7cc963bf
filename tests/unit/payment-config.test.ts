// Card payment's configuration: Adyen with its four settings together (live with its URL prefix),
// else the payment sandbox, which a production server refuses unless PAYMENT_SANDBOX=on.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";

const ADYEN = {
  ADYEN_API_KEY: "AQEyhmfxKo3NaxZDw0m-test-api-key",
  ADYEN_MERCHANT_ACCOUNT: "EscaleECOM",
  ADYEN_CLIENT_KEY: "test_7XKQ2Z3LFBDHPIKVRJ4QD5FZXY2XA5OM",
  ADYEN_HMAC_KEY: "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056",
};

describe("card payment's configuration", () => {
  it("runs on the payment sandbox when Adyen is not configured, outside production", () => {
    expect(loadConfig({}).payment).toEqual({ provider: "sandbox" });
    expect(loadConfig({ NODE_ENV: "development" }).payment).toEqual({ provider: "sandbox" });
  });

  it("refuses to start a production server on the sandbox unless PAYMENT_SANDBOX=on", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/payment sandbox.*ADYEN_\*.*PAYMENT_SANDBOX=on/);
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_SANDBOX: "on", HABILE_EMBEDDED: "on" }).payment).toEqual({ provider: "sandbox" });
    expect(() => loadConfig({ PAYMENT_SANDBOX: "off" })).toThrow(/PAYMENT_SANDBOX=on/);
    expect(() => loadConfig({ PAYMENT_SANDBOX: "yes" })).toThrow(/PAYMENT_SANDBOX must be on or off/);
  });

  it("uses Adyen's test environment once its four settings are given", () => {
    expect(loadConfig({ ...ADYEN, NODE_ENV: "production", HABILE_EMBEDDED: "on" }).payment).toEqual({
      provider: "adyen",
      apiKey: ADYEN.ADYEN_API_KEY,
      merchantAccount: "EscaleECOM",
      clientKey: ADYEN.ADYEN_CLIENT_KEY,
      hmacKey: ADYEN.ADYEN_HMAC_KEY,
      environment: "test",
      liveUrlPrefix: undefined,
    });
  });

  it("names the Adyen settings missing from a partial set", () => {
    const { ADYEN_HMAC_KEY: _hmac, ADYEN_CLIENT_KEY: _client, ...partial } = ADYEN;
    expect(() => loadConfig(partial)).toThrow(/missing ADYEN_CLIENT_KEY, ADYEN_HMAC_KEY$/);
    expect(() => loadConfig({ ADYEN_API_KEY: ADYEN.ADYEN_API_KEY })).toThrow(/missing ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY, ADYEN_HMAC_KEY/);
  });

  it("needs the live URL prefix and a live client key to go live", () => {
    expect(() => loadConfig({ ...ADYEN, ADYEN_ENVIRONMENT: "live" })).toThrow(/ADYEN_CLIENT_KEY must be a live_/);
    const live = { ...ADYEN, ADYEN_ENVIRONMENT: "live", ADYEN_CLIENT_KEY: "live_7XKQ2Z3LFBDHPIKVRJ4QD5FZXY2XA5OM" };
    expect(() => loadConfig(live)).toThrow(/ADYEN_LIVE_URL_PREFIX/);
    expect(loadConfig({ ...live, ADYEN_LIVE_URL_PREFIX: "1797a841fbb37ca7-EscaleECOM" }).payment).toMatchObject({
      environment: "live",
      liveUrlPrefix: "1797a841fbb37ca7-EscaleECOM",
    });
  });

  it("names a malformed setting, and refuses the sandbox forced beside Adyen", () => {
    expect(() => loadConfig({ ...ADYEN, ADYEN_HMAC_KEY: "not-hex" })).toThrow(/ADYEN_HMAC_KEY must be the hexadecimal HMAC key/);
    expect(() => loadConfig({ ...ADYEN, ADYEN_ENVIRONMENT: "staging" })).toThrow(/ADYEN_ENVIRONMENT must be test or live/);
    expect(() => loadConfig({ ...ADYEN, PAYMENT_SANDBOX: "on" })).toThrow(/choose one/);
  });
});
