// Where the server serves a product picture, in the three sizes the shop displays.
export const PICTURE_SIZES = { small: 240, medium: 720, large: 1440 } as const;
export type PictureSize = keyof typeof PICTURE_SIZES;

export function pictureUrls(pictureId: number): { srcSmall: string; srcMedium: string; srcLarge: string } {
  return {
    srcSmall: `/media/pictures/${pictureId}/small.svg`,
    srcMedium: `/media/pictures/${pictureId}/medium.svg`,
    srcLarge: `/media/pictures/${pictureId}/large.svg`,
  };
}
