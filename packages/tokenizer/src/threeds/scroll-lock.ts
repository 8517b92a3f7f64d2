/**
 * Stops the page behind the modal from scrolling (`<dialog>` does not: the page under the backdrop still scrolls)
 * with `overflow: hidden` on `<html>`, and returns the function that puts back the page's own value.
 */
export function lockScroll(): () => void {
  const root = document.documentElement;
  const previous = root.style.overflow;
  root.style.overflow = 'hidden';
  return () => {
    root.style.overflow = previous;
  };
}
