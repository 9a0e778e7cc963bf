// GET order-invoices/pdf/order/{id}: the order's invoice, a PDF the client recognises as a
// download by its content-disposition, saved under the name the server gave it.
import type { ApiClient } from "../../api/client.ts";
import { unwrapFile, type DownloadedFile } from "../../api/download.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";

export function fetchOrderInvoice(api: ApiClient, lang: Lang, orderId: number): Promise<DownloadedFile> {
  return unwrapFile(api.GET("/order-invoices/pdf/order/{id}", { params: { path: { id: orderId }, query: { locale: apiLocaleOf(lang) } }, parseAs: "blob" }));
}

/** Saves a file as the browser's download: an object URL on a link with `download`, clicked, then released. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the URL once the click's task ran.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
