// Adyen's Checkout API played by a local HTTP server: the HTTPS requests of Adyen's library are
// routed to it (as an HTTP mocking library does, by standing in for `https.request`), so the
// library's whole path runs (headers, body, status handling) without the network.
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  /** The host the library meant to reach (checkout-test.adyen.com…). */
  host: string;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** An answer of the fake Adyen, or `drop`: the connection is cut (a network failure). */
export type FakeAnswer = { status: number; body: string } | "drop";

export interface FakeAdyen {
  requests: RecordedRequest[];
  /** What the next requests get. */
  answer(next: (request: RecordedRequest) => FakeAnswer): void;
  close(): Promise<void>;
}

export async function startFakeAdyen(): Promise<FakeAdyen> {
  const requests: RecordedRequest[] = [];
  let respond: (request: RecordedRequest) => FakeAnswer = () => ({ status: 500, body: "{}" });
  const server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    request.on("end", () => {
      const recorded: RecordedRequest = {
        host: String(request.headers["x-intended-host"] ?? ""),
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: raw ? JSON.parse(raw) : undefined,
      };
      requests.push(recorded);
      const answer = respond(recorded);
      if (answer === "drop") return void request.socket.destroy();
      response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const original = https.request;
  const routed = (options: https.RequestOptions) =>
    http.request({
      host: "127.0.0.1",
      port,
      method: options.method,
      path: options.path,
      headers: { ...options.headers, "x-intended-host": options.hostname ?? "" },
    });
  Reflect.set(https, "request", routed);
  return {
    requests,
    answer(next) {
      respond = next;
    },
    async close() {
      Reflect.set(https, "request", original);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
