// Draws the shop's generated pictures as SVG: an icon of the icon set on brand colours.
// Product pictures and marketing artwork are made here, so the shop never hot-links images.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

type IconNode = [tag: string, attributes: Record<string, string>][];

const require = createRequire(import.meta.url);
const iconNodes: Record<string, IconNode> = JSON.parse(
  readFileSync(require.resolve("lucide-static/icon-nodes.json"), "utf8"),
);

export const PICTURE_LAYOUTS = ["centered", "detail", "ambiance"] as const;
export type PictureLayout = (typeof PICTURE_LAYOUTS)[number];

export function hasIcon(name: string): boolean {
  return Object.hasOwn(iconNodes, name);
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function iconMarkup(name: string): string {
  const nodes = iconNodes[name] ?? iconNodes["package"] ?? [];
  return nodes
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .map(([key, value]) => `${key}="${escapeAttribute(value)}"`)
        .join(" ");
      return `<${tag} ${attrs}/>`;
    })
    .join("");
}

export interface ArtworkOptions {
  icon: string;
  /** #rrggbb */
  background: string;
  /** #rrggbb */
  foreground: string;
  width: number;
  height: number;
  layout?: PictureLayout;
  title?: string;
}

/** A deterministic SVG picture: same options, same bytes (so it can be cached forever). */
export function renderArtwork(options: ArtworkOptions): string {
  const { width, height, background, foreground } = options;
  const layout = options.layout ?? "centered";
  const short = Math.min(width, height);
  const iconSize = layout === "detail" ? short * 0.95 : layout === "ambiance" ? short * 0.38 : short * 0.55;
  const iconX = layout === "detail" ? width * 0.55 - iconSize / 2 : (width - iconSize) / 2;
  const iconY = layout === "detail" ? height * 0.42 - iconSize / 2 : layout === "ambiance" ? height * 0.3 : (height - iconSize) / 2;
  const scale = iconSize / 24;
  const decoration =
    layout === "ambiance"
      ? `<path d="M0 ${height * 0.78} Q ${width * 0.5} ${height * 0.62} ${width} ${height * 0.78} V ${height} H 0 Z" fill="${foreground}" opacity="0.18"/>`
      : layout === "detail"
        ? `<circle cx="${width * 0.55}" cy="${height * 0.42}" r="${short * 0.62}" fill="${foreground}" opacity="0.08"/>`
        : `<circle cx="${width / 2}" cy="${height / 2}" r="${short * 0.42}" fill="${foreground}" opacity="0.1"/>` +
          `<path d="M${width * 0.08} ${height * 0.9} L ${width * 0.92} ${height * 0.1}" stroke="${foreground}" stroke-width="${short * 0.004}" opacity="0.15"/>`;
  const title = options.title ? `<title>${escapeAttribute(options.title)}</title>` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    title +
    `<rect width="${width}" height="${height}" fill="${background}"/>` +
    decoration +
    `<g transform="translate(${iconX.toFixed(1)} ${iconY.toFixed(1)}) scale(${scale.toFixed(4)})" fill="none" stroke="${foreground}" stroke-width="${layout === "detail" ? 1.2 : 1.5}" stroke-linecap="round" stroke-linejoin="round">` +
    iconMarkup(options.icon) +
    `</g></svg>`
  );
}
