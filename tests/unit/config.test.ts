import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_ALTCHA_MAX_NUMBER, DEFAULT_COLISSIMO_URL, DEFAULT_MAIL_FROM, DEFAULT_SOCIAL_LINKS, DEMO_STOREFRONT_TOKEN, loadConfig } from "../../server/config.ts";

describe("configuration", () => {
  it("runs on embedded defaults when nothing is configured", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: ".data",
      databaseUrl: undefined,
      storefrontToken: DEMO_STOREFRONT_TOKEN,
      demoMode: true,
      brandName: "Escale",
      publicUrl: "http://localhost:3000",
      logLevel: "info",
      seedOnStart: true,
      catalogCacheSeconds: 30,
      customerTokenSecret: undefined,
      captcha: { provider: "altcha", hmacKey: undefined, maxNumber: DEFAULT_ALTCHA_MAX_NUMBER },
      staffDirectoryUrl: undefined,
      smtpUrl: undefined,
      mailFrom: DEFAULT_MAIL_FROM,
      socialLinks: DEFAULT_SOCIAL_LINKS,
      mapStyleUrl: undefined,
      geocoderUrl: undefined,
      colissimo: undefined,
    });
  });

  it("uses the Colissimo web service once it has an account, and a geocoding service once it has an address", () => {
    expect(loadConfig({ COLISSIMO_ACCOUNT_NUMBER: "812345", COLISSIMO_PASSWORD: "pass" }).colissimo).toEqual({
      url: DEFAULT_COLISSIMO_URL,
      credentials: { accountNumber: "812345", password: "pass" },
    });
    expect(loadConfig({ COLISSIMO_API_KEY: "key", COLISSIMO_URL: "https://ws.example.com/pointretrait/" }).colissimo).toEqual({
      url: "https://ws.example.com/pointretrait",
      credentials: { apiKey: "key" },
    });
    expect(loadConfig({ GEOCODER_URL: "https://geo.example.com/" }).geocoderUrl).toBe("https://geo.example.com");
    expect(loadConfig({ MAP_STYLE_URL: "https://tiles.example.com/style.json" }).mapStyleUrl).toBe("https://tiles.example.com/style.json");
    expect(() => loadConfig({ COLISSIMO_ACCOUNT_NUMBER: "812345" })).toThrow(/COLISSIMO_PASSWORD/);
    expect(() => loadConfig({ COLISSIMO_PASSWORD: "pass" })).toThrow(/COLISSIMO_ACCOUNT_NUMBER/);
    expect(() => loadConfig({ COLISSIMO_API_KEY: "key", COLISSIMO_ACCOUNT_NUMBER: "812345", COLISSIMO_PASSWORD: "pass" })).toThrow(/not both/);
    expect(() => loadConfig({ COLISSIMO_URL: "https://ws.example.com/pointretrait" })).toThrow(/COLISSIMO_URL needs/);
  });

  it("links the footer to the networks' own home pages until the brand's accounts are configured", () => {
    expect(loadConfig({}).socialLinks).toEqual([
      { network: "facebook", url: "https://www.facebook.com/" },
      { network: "instagram", url: "https://www.instagram.com/" },
      { network: "linkedin", url: "https://www.linkedin.com/" },
      { network: "youtube", url: "https://www.youtube.com/" },
    ]);
  });

  it("reads the brand's social accounts in the order given, each address whole", () => {
    const config = loadConfig({
      SOCIAL_LINKS: " youtube=https://www.youtube.com/@escale , instagram=https://www.instagram.com/escale/?hl=fr&utm=a=b",
    });
    expect(config.socialLinks).toEqual([
      { network: "youtube", url: "https://www.youtube.com/@escale" },
      { network: "instagram", url: "https://www.instagram.com/escale/?hl=fr&utm=a=b" },
    ]);
  });

  it("shows no social links for SOCIAL_LINKS=none, and takes an empty SOCIAL_LINKS as unset like any variable", () => {
    expect(loadConfig({ SOCIAL_LINKS: "none" }).socialLinks).toEqual([]);
    expect(loadConfig({ SOCIAL_LINKS: "" }).socialLinks).toEqual(DEFAULT_SOCIAL_LINKS);
  });

  it("reads the accounts' settings: token secret, captcha, staff directory, SMTP", () => {
    const config = loadConfig({
      CUSTOMER_TOKEN_SECRET: "a".repeat(32),
      ALTCHA_HMAC_KEY: "b".repeat(40),
      ALTCHA_MAX_NUMBER: "20000",
      STAFF_DIRECTORY_URL: "https://staff.example.com/api/",
      SMTP_URL: "smtps://shop:secret@mail.example.com:465",
      MAIL_FROM: "Air Boutique <shop@example.com>",
    });
    expect(config).toMatchObject({
      customerTokenSecret: "a".repeat(32),
      captcha: { provider: "altcha", hmacKey: "b".repeat(40), maxNumber: 20000 },
      staffDirectoryUrl: "https://staff.example.com/api",
      smtpUrl: "smtps://shop:secret@mail.example.com:465",
      mailFrom: "Air Boutique <shop@example.com>",
    });
    expect(loadConfig({ RECAPTCHA_SECRET: "secret", RECAPTCHA_SITE_KEY: "site" }).captcha).toEqual({
      provider: "recaptcha",
      secret: "secret",
      siteKey: "site",
    });
    expect(() => loadConfig({ RECAPTCHA_SECRET: "secret" })).toThrow(/RECAPTCHA_SITE_KEY/);
  });

  it("believes the proxies it is told to about the client's address", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1"]);
  });

  it("reads every documented variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/escale",
      DATABASE_URL: "postgres://shop@db:5432/escale",
      STOREFRONT_API_TOKEN: "a-very-long-storefront-token",
      BRAND_NAME: "Air Boutique",
      PUBLIC_URL: "https://shop.example.com/",
      LOG_LEVEL: "warn",
      CATALOG_CACHE_SECONDS: "5",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/escale",
      databaseUrl: "postgres://shop@db:5432/escale",
      storefrontToken: "a-very-long-storefront-token",
      demoMode: false,
      brandName: "Air Boutique",
      publicUrl: "https://shop.example.com",
      logLevel: "warn",
      catalogCacheSeconds: 5,
    });
  });

  it("asks the payment provider's webhook calls for basic authentication once both its settings are given", () => {
    expect(loadConfig({}).adyenWebhookCredentials).toBeUndefined();
    expect(loadConfig({ ADYEN_WEBHOOK_USERNAME: "notifier", ADYEN_WEBHOOK_PASSWORD: "secret" }).adyenWebhookCredentials).toEqual({
      username: "notifier",
      password: "secret",
    });
    expect(() => loadConfig({ ADYEN_WEBHOOK_USERNAME: "notifier" })).toThrow(/ADYEN_WEBHOOK_PASSWORD/);
  });

  it("prints the demo seller on invoices until the real company is configured", () => {
    expect(loadConfig({ BRAND_NAME: "Air Boutique" }).seller).toEqual({
      name: "Air Boutique",
      address: ["12 rue de l'Aviation", "75015 Paris", "France"],
      vatNumber: "FR00123456789",
      registration: "SIREN 123 456 789 – RCS Paris",
      legalForm: "SAS au capital de 10 000 €",
    });
    expect(
      loadConfig({
        SELLER_NAME: "Boutique de l'Air SAS",
        SELLER_ADDRESS: " 3 allée des Hélices , 31700 Blagnac,France ",
        SELLER_VAT_NUMBER: "FR12345678901",
        SELLER_REGISTRATION: "SIREN 345 678 901 – RCS Toulouse",
        SELLER_LEGAL_FORM: "SAS au capital de 50 000 €",
      }).seller,
    ).toEqual({
      name: "Boutique de l'Air SAS",
      address: ["3 allée des Hélices", "31700 Blagnac", "France"],
      vatNumber: "FR12345678901",
      registration: "SIREN 345 678 901 – RCS Toulouse",
      legalForm: "SAS au capital de 50 000 €",
    });
    expect(() => loadConfig({ SELLER_VAT_NUMBER: "12 345" })).toThrow(/SELLER_VAT_NUMBER/);
  });

  it("signs employees in on the embedded identity provider until an OpenID provider is configured", () => {
    expect(loadConfig({}).habile).toEqual({ provider: "embedded" });
    const habile = { HABILE_ISSUER: "https://login.airline.example/", HABILE_CLIENT_ID: "escale-shop", HABILE_CLIENT_SECRET: "s3cret-value" };
    // The issuer identifier is compared exactly by discovery: kept as given, trailing slash included.
    expect(loadConfig(habile).habile).toEqual({ provider: "oidc", issuer: "https://login.airline.example/", clientId: "escale-shop", clientSecret: "s3cret-value" });
    expect(loadConfig({ ...habile, NODE_ENV: "production", PAYMENT_SANDBOX: "on", HABILE_EMBEDDED: "off" }).habile.provider).toBe("oidc");
    // Codes and tokens travel to the provider: plain http only on this machine.
    expect(loadConfig({ ...habile, HABILE_ISSUER: "http://localhost:8080/realms/staff" }).habile).toMatchObject({ issuer: "http://localhost:8080/realms/staff" });
    expect(() => loadConfig({ ...habile, HABILE_ISSUER: "http://login.airline.example" })).toThrow(/HABILE_ISSUER must be an https/);
  });

  it("names the single sign-on settings missing from a partial set", () => {
    expect(() => loadConfig({ HABILE_ISSUER: "https://login.airline.example" })).toThrow(/missing HABILE_CLIENT_ID, HABILE_CLIENT_SECRET$/);
    expect(() => loadConfig({ HABILE_CLIENT_SECRET: "s3cret" })).toThrow(/missing HABILE_ISSUER, HABILE_CLIENT_ID$/);
  });

  it("refuses the embedded identity provider on a production server unless HABILE_EMBEDDED=on", () => {
    const production = { NODE_ENV: "production", PAYMENT_SANDBOX: "on" };
    expect(() => loadConfig(production)).toThrow(/embedded identity provider.*HABILE_EMBEDDED=on/);
    expect(loadConfig({ ...production, HABILE_EMBEDDED: "on" }).habile).toEqual({ provider: "embedded" });
    expect(() => loadConfig({ HABILE_EMBEDDED: "off" })).toThrow(/HABILE_EMBEDDED=on/);
    expect(() =>
      loadConfig({ HABILE_EMBEDDED: "on", HABILE_ISSUER: "https://login.airline.example", HABILE_CLIENT_ID: "shop", HABILE_CLIENT_SECRET: "s3cret" }),
    ).toThrow(/choose one/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ["PORT", "http", /PORT/],
    ["PORT", "70000", /PORT/],
    ["DATABASE_URL", "mysql://localhost/shop", /DATABASE_URL/],
    ["STOREFRONT_API_TOKEN", "short", /STOREFRONT_API_TOKEN/],
    ["PUBLIC_URL", "not a url", /PUBLIC_URL/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL/],
    ["CATALOG_CACHE_SECONDS", "soon", /CATALOG_CACHE_SECONDS/],
    ["CUSTOMER_TOKEN_SECRET", "too-short", /CUSTOMER_TOKEN_SECRET/],
    ["ALTCHA_HMAC_KEY", "short", /ALTCHA_HMAC_KEY/],
    ["ALTCHA_MAX_NUMBER", "0", /ALTCHA_MAX_NUMBER/],
    ["STAFF_DIRECTORY_URL", "directory", /STAFF_DIRECTORY_URL/],
    ["GEOCODER_URL", "geo.example.com", /GEOCODER_URL/],
    ["GEOCODER_URL", "ftp://geo.example.com", /GEOCODER_URL/],
    ["COLISSIMO_URL", "colissimo", /COLISSIMO_URL/],
    ["COLISSIMO_ACCOUNT_NUMBER", "81 23 45", /COLISSIMO_ACCOUNT_NUMBER/],
    ["MAP_STYLE_URL", "style.json", /MAP_STYLE_URL/],
    ["SMTP_URL", "mail.example.com", /SMTP_URL/],
    ["TRUST_PROXY", "any proxy", /TRUST_PROXY/],
    ["HABILE_ISSUER", "login.airline.example", /HABILE_ISSUER/],
    ["HABILE_ISSUER", "https://login.airline.example/?tenant=1", /HABILE_ISSUER/],
    ["HABILE_EMBEDDED", "yes", /HABILE_EMBEDDED must be on or off/],
    ["SOCIAL_LINKS", "facebook=https://www.facebook.com/escale,tiktok=https://www.tiktok.com/@escale", /SOCIAL_LINKS.*one of facebook, instagram, linkedin, youtube.*tiktok/],
    ["SOCIAL_LINKS", "facebook=http://www.facebook.com/escale", /SOCIAL_LINKS.*https/],
    ["SOCIAL_LINKS", "instagram=escale", /SOCIAL_LINKS.*https/],
    ["SOCIAL_LINKS", "https://www.facebook.com/escale", /SOCIAL_LINKS.*network=url/],
    ["SOCIAL_LINKS", "facebook=https://www.facebook.com/escale,", /SOCIAL_LINKS.*network=url/],
    ["SOCIAL_LINKS", "facebook=https://www.facebook.com/a,facebook=https://www.facebook.com/b", /SOCIAL_LINKS.*once/],
  ])("refuses a bad %s with a one-line message naming it", (name, value, pattern) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(pattern);
    expect(message).not.toContain("\n");
  });
});
