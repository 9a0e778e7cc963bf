// Settings the SPA reads at start from the server that serves it (one build, any deployment).
export interface RuntimeConfig {
  /** The public storefront token every API call carries. */
  storefrontToken: string;
  brandName: string;
  /** MapLibre style for the relay map; null uses the bundled offline style. */
  mapStyleUrl: string | null;
  /** ALTCHA: the widget gets its challenge at `challengeUrl` (with the storefront token); reCAPTCHA: `siteKey`. */
  captcha: { provider: "altcha" | "recaptcha"; siteKey: string | null; challengeUrl: string | null };
  payment: { provider: "sandbox" | "adyen"; clientKey: string | null; environment: "test" | "live" };
}

export async function fetchRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetcher("/runtime-config.json", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`runtime configuration unavailable (${response.status})`);
  return (await response.json()) as RuntimeConfig;
}
