// Downloads (SPEC §7: detected from the content-disposition header): the file of a call made with
// `parseAs: "blob"`, under the name the API gave it. Apart from the client so that only the pages
// that download load it.
import { unwrap, type ApiError } from "./client.ts";

/** A download answered by something else than a file (a misrouted address, a proxy's page). */
const NOT_A_FILE_STATUS = 415;

/** A file the API sent as an attachment, to be saved under its name. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * The file name of a response that is a download (SPEC §7: downloads are detected from the
 * content-disposition header), or null when it is not one. Reads `filename*=UTF-8''…` (RFC 6266)
 * before `filename="…"`, and keeps only the name (no folder).
 */
export function attachmentFilename(response: Response): string | null {
  const header = response.headers.get("Content-Disposition") ?? "";
  if (!/^\s*attachment\b/i.test(header)) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  let name = /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ?? "";
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoded name: the plain one (if any) stands.
    }
  }
  return name.split(/[\\/]/).pop()?.trim() || "download";
}

/** The file of a call made with `parseAs: "blob"`; an answer that is not an attachment is an ApiError. */
export async function unwrapFile(call: Promise<{ data?: Blob; error?: unknown; response: Response }>): Promise<DownloadedFile> {
  const blob = await unwrap(call);
  const filename = attachmentFilename((await call).response);
  if (filename === null) throw { status: NOT_A_FILE_STATUS, message: "The answer is not a file" } satisfies ApiError;
  return { blob, filename };
}
