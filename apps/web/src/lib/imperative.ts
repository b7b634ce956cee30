import { createRoot } from "react-dom/client";
import { unstableSetRender } from "antd-mobile/es/utils/unstable-render";

// antd-mobile's imperative dialogs and toasts render outside the React tree, and React 19 needs them to
// use createRoot. Every module that calls Dialog.show/confirm or Toast.show imports this first: it stays
// out of the first screen's scripts (with the older React render it replaces) until something pops up.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});
