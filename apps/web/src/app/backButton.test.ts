import { describe, expect, it, vi } from "vitest";
import { createBackPressHandler, listenBackButton } from "./backButton";

function setup(root: boolean) {
  let clock = 10_000;
  const deps = {
    now: () => clock,
    isRootScreen: () => root,
    goBack: vi.fn(),
    exitApp: vi.fn(),
    hintExit: vi.fn(),
  };
  const press = createBackPressHandler(deps);
  return { deps, press, advance: (ms: number) => (clock += ms) };
}

describe("hardware back button", () => {
  it("goes back one step on a non-root screen, however fast the presses", () => {
    const { deps, press, advance } = setup(false);
    expect(press()).toBe("back");
    advance(200);
    expect(press()).toBe("back");
    expect(deps.goBack).toHaveBeenCalledTimes(2);
    expect(deps.exitApp).not.toHaveBeenCalled();
  });

  it("exits on a second press within 1 s on a root screen", () => {
    const { deps, press, advance } = setup(true);
    expect(press()).toBe("back");
    expect(deps.hintExit).toHaveBeenCalledTimes(1);
    advance(1000);
    expect(press()).toBe("exit");
    expect(deps.exitApp).toHaveBeenCalledTimes(1);
  });

  it("does not exit when the second press comes after 1 s", () => {
    const { deps, press, advance } = setup(true);
    press();
    advance(1001);
    expect(press()).toBe("back");
    expect(deps.exitApp).not.toHaveBeenCalled();
  });

  it("starts over after an exit", () => {
    const { deps, press, advance } = setup(true);
    press();
    advance(100);
    press();
    advance(100);
    expect(press()).toBe("back");
    expect(deps.exitApp).toHaveBeenCalledTimes(1);
  });

  it("is a no-op in a browser and subscribes through the Capacitor App plugin in the shell", async () => {
    expect(listenBackButton(() => {}, undefined)).toBeTypeOf("function");
    const remove = vi.fn();
    let fire = () => {};
    const app = {
      addListener: vi.fn((_event: "backButton", cb: () => void) => {
        fire = cb;
        return Promise.resolve({ remove });
      }),
      exitApp: vi.fn(),
    };
    const onPress = vi.fn();
    const stop = listenBackButton(onPress, app);
    fire();
    expect(onPress).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    stop();
    expect(remove).toHaveBeenCalledTimes(1);
  });
});
