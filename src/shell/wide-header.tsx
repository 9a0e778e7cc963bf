// The header's parts shown on wide screens only (768 px and up; a phone has the bottom bar's search
// and menu instead): one chunk, loaded where it shows (wide-screen-parts.ts).
export { MegaMenu } from "../features/navigation/mega-menu.tsx";
export { SearchBar } from "../features/search/search-bar.tsx";
