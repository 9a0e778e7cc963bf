// Where the server serves a product picture, in the three sizes the shop displays, and the demo
// catalogue's videos.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PICTURE_SIZES = { small: 240, medium: 720, large: 1440 } as const;
export type PictureSize = keyof typeof PICTURE_SIZES;

/** A picture's addresses. The kept product cards carry the same (`escale_picture_json`, migration 0015). */
export function pictureUrls(pictureId: number): { srcSmall: string; srcMedium: string; srcLarge: string } {
  return {
    srcSmall: `/media/pictures/${pictureId}/small.svg`,
    srcMedium: `/media/pictures/${pictureId}/medium.svg`,
    srcLarge: `/media/pictures/${pictureId}/large.svg`,
  };
}

/** Where the demo catalogue's videos are served; a real catalogue's video addresses may be anywhere. */
export const DEMO_VIDEOS_PATH = "/media/videos/";
/** The files behind DEMO_VIDEOS_PATH. */
export const DEMO_VIDEOS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../seed/media");
