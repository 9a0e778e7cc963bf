// What a page shows while its code loads: an empty area the height of the screen, so that the
// header and the shell paint at once and the footer does not rise then fall when the page comes.
export function PagePlaceholder() {
  return <div className="page-placeholder" aria-busy="true" style={{ minHeight: "100vh" }} />;
}
