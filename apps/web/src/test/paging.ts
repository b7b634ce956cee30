import { afterEach, beforeEach } from "vitest";

/**
 * jsdom lays nothing out: antd-mobile's InfiniteScroll skips an element without an offsetParent. Each
 * test of the calling file gives every element its parent as one (every rect is at 0, within the window:
 * the foot of a list is "in view" and the next page is asked for).
 */
export function pagingInView() {
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "offsetParent");
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, "offsetParent", {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
  });
  afterEach(() => {
    if (offsetParent) Object.defineProperty(HTMLElement.prototype, "offsetParent", offsetParent);
  });
}
