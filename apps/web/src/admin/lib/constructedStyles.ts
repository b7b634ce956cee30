/**
 * The back office's stand-in for @rc-component/util's Dom/dynamicCSS (put in its place for every importer
 * by constructedStylesPlugin.ts). antd's own styles are a prebuilt sheet (zero-runtime mode), but its
 * components still write a few rules at run time through that module: the table measures the scrollbar
 * with a `::-webkit-scrollbar` rule, and a modal or drawer over <body> locks its scrolling with one. As
 * <style> elements made by a script those are inline style to the Content-Security-Policy (style-src
 * 'self') and refused, even with a nonce, which rc-util passes to none of them. Here each such rule is a
 * constructed stylesheet adopted by the document: CSSOM, which the policy leaves to the page's scripts
 * (and script-src 'self' already decides which scripts those are), so nothing is refused or reported.
 *
 * A container outside the document (the sink antd's zero-runtime token tags are sent to, see AdminApp)
 * keeps rc-util's own <style> elements: they are neither applied nor checked there, and antd finds and
 * updates them by their attributes.
 */
import * as styleTags from "@rc-component/util/es/Dom/dynamicCSS";

export type Options = NonNullable<Parameters<typeof styleTags.updateCSS>[2]>;
type StyleRoot = Document | ShadowRoot;

/** The sheets of each document or shadow root, by the key (and mark) rc-util would have tagged them with. */
const sheetsOf = new WeakMap<StyleRoot, Map<string, CSSStyleSheet>>();

const canAdopt = () =>
  typeof document !== "undefined" &&
  typeof CSSStyleSheet === "function" &&
  "adoptedStyleSheets" in Document.prototype &&
  "replaceSync" in CSSStyleSheet.prototype;

/** Where the rule would apply: the document, or the shadow root of the container; none when detached. */
function styleRoot(option: Options): StyleRoot | null {
  if (!canAdopt()) return null;
  if (!option.attachTo) return document;
  const root = option.attachTo.getRootNode();
  return root instanceof Document || root instanceof ShadowRoot ? root : null;
}

const sheetKey = (key: string, option: Options) => `${option.mark ?? ""}\u0000${key}`;

export const { injectCSS, clearContainerCache } = styleTags;

/** Sets the rules kept under `key` (creating their sheet on first use), as rc-util's updateCSS does. */
export function updateCSS(css: string, key: string, option: Options = {}): HTMLElement | null {
  const root = styleRoot(option);
  if (!root) return styleTags.updateCSS(css, key, option);
  let sheets = sheetsOf.get(root);
  if (!sheets) sheetsOf.set(root, (sheets = new Map()));
  const id = sheetKey(key, option);
  let sheet = sheets.get(id);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheets.set(id, sheet);
    root.adoptedStyleSheets = option.prepend
      ? [sheet, ...root.adoptedStyleSheets]
      : [...root.adoptedStyleSheets, sheet];
  }
  sheet.replaceSync(css);
  // rc-util's callers that run here (scrollbar measurement, scroll lock) never use the element it returns.
  return null;
}

/** Drops the rules kept under `key`. */
export function removeCSS(key: string, option: Options = {}): void {
  const root = styleRoot(option);
  if (!root) return styleTags.removeCSS(key, option);
  const sheets = sheetsOf.get(root);
  const sheet = sheets?.get(sheetKey(key, option));
  if (!sheet) return;
  sheets?.delete(sheetKey(key, option));
  root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
}
