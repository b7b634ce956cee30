/** Spec §9: a second back press within 1 s on a root screen leaves the app. */
export const DOUBLE_PRESS_EXIT_MS = 1000;

export interface BackPressDeps {
  now: () => number;
  isRootScreen: () => boolean;
  goBack: () => void;
  exitApp: () => void;
  /** Called on the first press on a root screen ("press again to exit"). */
  hintExit?: () => void;
}

/**
 * The hardware back button (spec §2): a press goes back one step; on a root screen, a second press
 * within 1 s of the previous one exits the app instead.
 */
export function createBackPressHandler(deps: BackPressDeps, windowMs = DOUBLE_PRESS_EXIT_MS) {
  let lastPress = Number.NEGATIVE_INFINITY;
  return function onBackPress(): "exit" | "back" {
    const now = deps.now();
    const withinWindow = now - lastPress <= windowMs;
    lastPress = now;
    if (deps.isRootScreen()) {
      if (withinWindow) {
        lastPress = Number.NEGATIVE_INFINITY;
        deps.exitApp();
        return "exit";
      }
      deps.hintExit?.();
    }
    deps.goBack();
    return "back";
  };
}

interface CapacitorAppPlugin {
  addListener(event: "backButton", cb: () => void): Promise<{ remove: () => void }> | { remove: () => void };
  exitApp(): void | Promise<void>;
}

declare global {
  interface Window {
    Capacitor?: { Plugins?: { App?: CapacitorAppPlugin } };
  }
}

/** The Capacitor App plugin when running in the app shell; undefined in a plain browser. */
export const capacitorApp = (): CapacitorAppPlugin | undefined => window.Capacitor?.Plugins?.App;

/**
 * Listens to the shell's hardware back button. In a browser there is no such button (the browser's own
 * back goes through history), so this installs nothing and the returned cleanup is a no-op.
 */
export function listenBackButton(onPress: () => void, app = capacitorApp()): () => void {
  if (!app) return () => {};
  let removed = false;
  let remove: (() => void) | undefined;
  void Promise.resolve(app.addListener("backButton", onPress)).then((handle) => {
    if (removed) handle.remove();
    else remove = () => handle.remove();
  });
  return () => {
    removed = true;
    remove?.();
  };
}

export function exitApp(app = capacitorApp()): void {
  if (app) void app.exitApp();
}
