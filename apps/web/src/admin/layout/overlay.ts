/**
 * Where drawers and image previews render: a plain element of the page, not <body>. Rendered into <body>,
 * they lock its scrolling with a <style> tag made at run time, which the Content-Security-Policy
 * (style-src 'self') refuses and reports; outside <body> no lock is attempted. Modals pass
 * `scrollLock={false}` for the same reason.
 */
export const overlayContainer = (): HTMLElement => document.getElementById("admin-overlays") ?? document.body;
