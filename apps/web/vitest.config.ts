import { defineProject } from "vitest/config";
import react from "@vitejs/plugin-react";
import { localePartsPlugin } from "./localePartsPlugin.ts";

export default defineProject({
  plugins: [react(), localePartsPlugin()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/screenTexts.ts"],
  },
});
