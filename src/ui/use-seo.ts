// The page's title and meta description, set while the page is shown and put back after.
import { useEffect } from "react";

export interface Seo {
  title: string;
  description?: string;
}

function descriptionMeta(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  return meta;
}

/** Sets `document.title` and the meta description; nothing while `seo` is undefined (loading).
 *  A page that sets neither then shows the document's own title, not the previous page's. */
export function useSeo(seo: Seo | undefined): void {
  const title = seo?.title;
  const description = seo?.description;
  useEffect(() => {
    if (title === undefined) return;
    const previousTitle = document.title;
    const meta = descriptionMeta();
    const previousDescription = meta.content;
    document.title = title;
    meta.content = description ?? "";
    return () => {
      document.title = previousTitle;
      meta.content = previousDescription;
    };
  }, [title, description]);
}
