// Serves generated pictures (product pictures by id, marketing artwork by icon and colours) and the
// demo catalogue's videos.
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { hasIcon, PICTURE_LAYOUTS, renderArtwork, type PictureLayout } from "./artwork.ts";
import { DEMO_VIDEOS_DIR, DEMO_VIDEOS_PATH, PICTURE_SIZES, type PictureSize } from "./picture-urls.ts";
import { notFound } from "../../http/errors.ts";

const MAX_ARTWORK_SIDE = 3000;
const isLayout = (value: string): value is PictureLayout => (PICTURE_LAYOUTS as readonly string[]).includes(value);
const isSize = (value: string): value is PictureSize => Object.hasOwn(PICTURE_SIZES, value);

function sendSvg(reply: FastifyReply, svg: string, maxAge: number) {
  return reply
    .header("content-type", "image/svg+xml; charset=utf-8")
    .header("cache-control", `public, max-age=${maxAge}`)
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

export async function mediaRoutes(app: FastifyInstance, options: { db: Database }) {
  // Range requests included: a video element asks for parts of the file as it plays and seeks.
  await app.register(fastifyStatic, {
    root: DEMO_VIDEOS_DIR,
    prefix: DEMO_VIDEOS_PATH,
    decorateReply: false,
    wildcard: false,
    index: false,
    allowedPath: (pathName) => pathName.endsWith(".mp4"),
    setHeaders: (response) => response.header("cache-control", "public, max-age=86400"),
  });

  app.get<{ Params: { id: string; size: string } }>(
    "/media/pictures/:id/:size",
    {
      schema: {
        params: {
          type: "object",
          properties: {
            id: { type: "string", pattern: "^[0-9]{1,9}$" },
            size: { type: "string", enum: Object.keys(PICTURE_SIZES).map((size) => `${size}.svg`) },
          },
          required: ["id", "size"],
        },
      },
    },
    async (request, reply) => {
      const size = request.params.size.replace(/\.svg$/, "");
      const rows = await options.db.rows<{ icon: string; background: string; foreground: string; layout: string; name: string }>(
        sql`select pi.icon, pi.background, pi.foreground, pi.layout, p.name_en as name
            from pictures pi join products p on p.id = pi.product_id where pi.id = ${Number(request.params.id)}`,
      );
      const row = rows[0];
      if (!row || !isSize(size)) throw notFound("No such picture");
      const side = PICTURE_SIZES[size];
      const svg = renderArtwork({
        icon: row.icon,
        background: row.background,
        foreground: row.foreground,
        width: side,
        height: side,
        layout: isLayout(row.layout) ? row.layout : "centered",
        title: row.name,
      });
      return sendSvg(reply, svg, 86_400);
    },
  );

  app.get<{ Params: { icon: string; colors: string; dimensions: string } }>(
    "/media/art/:icon/:colors/:dimensions",
    {
      schema: {
        params: {
          type: "object",
          properties: {
            icon: { type: "string", pattern: "^[a-z0-9-]{1,60}$" },
            colors: { type: "string", pattern: "^[0-9a-f]{6}-[0-9a-f]{6}$" },
            dimensions: { type: "string", pattern: "^[0-9]{2,4}x[0-9]{2,4}\\.svg$" },
          },
          required: ["icon", "colors", "dimensions"],
        },
      },
    },
    async (request, reply) => {
      const { icon, colors, dimensions } = request.params;
      if (!hasIcon(icon)) throw notFound(`No icon named ${icon}`);
      const [background = "", foreground = ""] = colors.split("-");
      const [width = 0, height = 0] = dimensions.replace(/\.svg$/, "").split("x").map(Number);
      if (width > MAX_ARTWORK_SIDE || height > MAX_ARTWORK_SIDE) throw notFound("Artwork too large");
      const svg = renderArtwork({ icon, background: `#${background}`, foreground: `#${foreground}`, width, height, layout: "ambiance" });
      return sendSvg(reply, svg, 31_536_000);
    },
  );
}
