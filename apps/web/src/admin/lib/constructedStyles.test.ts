import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { removeCSS, updateCSS } from "./constructedStyles";

/**
 * jsdom has constructed stylesheets but not the list a document adopts them into: a plain list per
 * document, as browsers keep it, stands in for it here (the e2e journeys run the real one).
 */
beforeAll(() => {
  const lists = new WeakMap<object, CSSStyleSheet[]>();
  Object.defineProperty(Document.prototype, "adoptedStyleSheets", {
    configurable: true,
    get(this: object) {
      return lists.get(this) ?? [];
    },
    set(this: object, sheets: CSSStyleSheet[]) {
      lists.set(this, sheets);
    },
  });
});

const rules = (sheet: CSSStyleSheet | undefined) =>
  Array.from(sheet?.cssRules ?? [], (rule) => rule.cssText.replace(/\s*([{};:])\s*/g, "$1"));

describe("rc-util's run-time style rules as constructed stylesheets", () => {
  afterEach(() => {
    document.adoptedStyleSheets = [];
    document.head.innerHTML = "";
    document.body.innerHTML = "";
  });

  it("adopts the rules into the document instead of adding a <style> element to it", () => {
    updateCSS("html body{overflow-y:hidden;}", "locker-1");
    expect(document.querySelectorAll("style")).toHaveLength(0);
    expect(document.adoptedStyleSheets).toHaveLength(1);
    expect(rules(document.adoptedStyleSheets[0])).toEqual(["html body{overflow-y:hidden;}"]);
  });

  it("replaces the rules of a key in its one sheet, and removes them with it", () => {
    updateCSS("#measure::-webkit-scrollbar{width:8px;}", "measure");
    updateCSS("html body{overflow-y:hidden;}", "locker");
    updateCSS("#measure::-webkit-scrollbar{width:12px;}", "measure");
    expect(document.adoptedStyleSheets).toHaveLength(2);
    expect(rules(document.adoptedStyleSheets[0])).toEqual(["#measure::-webkit-scrollbar{width:12px;}"]);

    removeCSS("measure");
    expect(document.adoptedStyleSheets).toHaveLength(1);
    expect(rules(document.adoptedStyleSheets[0])).toEqual(["html body{overflow-y:hidden;}"]);
    // Removing what is not there (rc-util removes on every unmount) changes nothing.
    removeCSS("measure");
    removeCSS("locker");
    expect(document.adoptedStyleSheets).toEqual([]);
  });

  it("keeps the sheets of the same key under different marks apart", () => {
    updateCSS("a{color:red;}", "k", { mark: "one" });
    updateCSS("b{color:blue;}", "k", { mark: "two" });
    removeCSS("k", { mark: "one" });
    expect(document.adoptedStyleSheets.map((sheet) => rules(sheet))).toEqual([["b{color:blue;}"]]);
  });

  it("puts a prepended sheet before the others", () => {
    updateCSS("a{color:red;}", "later");
    updateCSS("b{color:blue;}", "first", { prepend: true });
    expect(document.adoptedStyleSheets.map((sheet) => rules(sheet))).toEqual([
      ["b{color:blue;}"],
      ["a{color:red;}"],
    ]);
  });

  it("adopts into the document when the container is part of it", () => {
    const container = document.createElement("div");
    document.body.append(container);
    updateCSS("a{color:red;}", "inside", { attachTo: container });
    expect(container.querySelectorAll("style")).toHaveLength(0);
    expect(document.adoptedStyleSheets).toHaveLength(1);
  });

  it("leaves a container outside the document its <style> elements, found again by key", () => {
    const sink = document.createElement("div");
    updateCSS(".css-var { --ant-color-primary: #1677ff; }", "token", { attachTo: sink });
    updateCSS(".css-var { --ant-color-primary: #0958d9; }", "token", { attachTo: sink });
    expect(document.adoptedStyleSheets).toEqual([]);
    const tags = sink.querySelectorAll("style");
    expect(tags).toHaveLength(1);
    expect(tags[0]?.innerHTML).toContain("#0958d9");
    removeCSS("token", { attachTo: sink });
    expect(sink.querySelectorAll("style")).toHaveLength(0);
  });
});
