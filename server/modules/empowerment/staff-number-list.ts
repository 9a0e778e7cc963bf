// The beneficiaries' file of an empowerment setup: one staff number a line (8 letters or digits),
// as a plain list or a CSV export whose first column it is. A header line `staffNumber` or `pnc`,
// blank lines, a UTF-8 byte order mark and Windows line ends are allowed; duplicates count once.

/** Most lines a file may have (blank ones included). */
export const MAX_STAFF_LIST_LINES = 5000;

const STAFF_NUMBER = /^[A-Za-z0-9]{8}$/;
const HEADERS = new Set(["staffnumber", "pnc"]);

export type StaffListResult = { staffNumbers: string[] } | { problem: string };

/** The first column of a CSV line (comma, semicolon or tab separated), without its quotes. */
function firstColumn(line: string): string {
  const [first = ""] = line.split(/[,;\t]/);
  return first.trim().replace(/^"(.*)"$/, "$1").trim();
}

/** The staff numbers of the file (upper case, sorted, once each), or the first problem found. */
export function parseStaffNumberList(text: string): StaffListResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  if (lines.length > MAX_STAFF_LIST_LINES) return { problem: `more than ${MAX_STAFF_LIST_LINES.toLocaleString("en")} lines` };
  const found = new Set<string>();
  let seenContent = false;
  for (const [index, line] of lines.entries()) {
    const value = firstColumn(line);
    if (value === "") continue;
    const isHeader = !seenContent && HEADERS.has(value.toLowerCase());
    seenContent = true;
    if (isHeader) continue;
    if (!STAFF_NUMBER.test(value)) return { problem: `line ${index + 1}: ${JSON.stringify(value.slice(0, 40))} is not an 8-character staff number` };
    found.add(value.toUpperCase());
  }
  if (found.size === 0) return { problem: "lists no staff number" };
  return { staffNumbers: [...found].sort() };
}

/** The file as it may be uploaded (the contract's `pncList`). */
export const STAFF_LIST_UPLOAD = { maxBytes: 100 * 1024, contentTypes: ["text/csv", "text/plain", "application/octet-stream"] } as const;
