/** `text` safe inside HTML text and quoted attribute values: `&`, `<`, `>`, `"` and `'` as entities. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
