/** Spec §9: the root font size is 200/750 of the viewport width; widths over 750 count as 375. */
export function rootFontSize(viewportWidth: number): number {
  const width = viewportWidth > 750 ? 375 : viewportWidth;
  return (200 / 750) * width;
}

export function installRootFontSize(win: Window = window): () => void {
  const apply = () => {
    const width = win.document.documentElement.clientWidth || win.innerWidth;
    win.document.documentElement.style.fontSize = `${rootFontSize(width)}px`;
  };
  apply();
  win.addEventListener("resize", apply);
  win.addEventListener("orientationchange", apply);
  return () => {
    win.removeEventListener("resize", apply);
    win.removeEventListener("orientationchange", apply);
  };
}
