// Serves the relay map's offline style (/map/style.json, cached a day) and its shapes
// (/map/<name>.<hash>.geojson, cached for good since a new content has a new name), compressed
// once. The shop's pages allow fetching them (connect-src 'self').
import type { FastifyInstance } from "fastify";
import { jsonAnswer, negotiateCoding, type JsonAnswer } from "../../http/read-cache.ts";
import { noRouteBody } from "../../http/errors.ts";
import { loadMapSources, MAP_PATH, offlineMapStyle, OFFLINE_STYLE_PATH } from "./map-style.ts";

const STYLE_MAX_AGE_SECONDS = 86_400;
const IMMUTABLE = "public, max-age=31536000, immutable";

export async function mapRoutes(app: FastifyInstance) {
  const sources = loadMapSources();
  const style = jsonAnswer(JSON.stringify(offlineMapStyle(sources)));
  const files = new Map<string, JsonAnswer>(sources.map((source) => [source.fileName, jsonAnswer(source.json)]));

  const send = async (acceptEncoding: string | undefined, answer: JsonAnswer) => {
    const coding = negotiateCoding(acceptEncoding);
    return coding ? { coding, body: await answer.encoded(coding) } : { coding: undefined, body: answer.json };
  };

  app.get(OFFLINE_STYLE_PATH, async (request, reply) => {
    const { coding, body } = await send(request.headers["accept-encoding"], style);
    if (coding) reply.header("content-encoding", coding);
    return reply
      .type("application/json; charset=utf-8")
      .header("vary", "accept-encoding")
      .header("cache-control", `public, max-age=${STYLE_MAX_AGE_SECONDS}`)
      .send(body);
  });

  app.get<{ Params: { file: string } }>(`${MAP_PATH}/:file`, async (request, reply) => {
    const answer = files.get(request.params.file);
    if (!answer) return reply.status(404).send(noRouteBody(request));
    const { coding, body } = await send(request.headers["accept-encoding"], answer);
    if (coding) reply.header("content-encoding", coding);
    return reply.type("application/geo+json").header("vary", "accept-encoding").header("cache-control", IMMUTABLE).send(body);
  });
}
