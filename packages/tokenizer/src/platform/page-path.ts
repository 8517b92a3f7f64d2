/**
 * True for a path of this page's origin (`/api/tessera`, `/checkout/return?x=1`): it starts with one `/` and the URL
 * parser keeps it on the page's host. `//host/…`, `/\host/…` (a backslash is a slash to it) and `/<tab>/host/…` (it
 * drops tabs and newlines) all start with `/` and name another host, so the path is resolved against a stand-in
 * origin rather than matched by its first characters.
 */
export function isPagePath(value: string): boolean {
  if (!value.startsWith('/')) return false;
  try {
    return new URL(value, 'https://page.invalid').host === 'page.invalid';
  } catch {
    return false;
  }
}
