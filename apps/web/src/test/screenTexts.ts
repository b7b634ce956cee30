import { configure } from "@testing-library/react";
import { screenTextsReady } from "../lib/i18n";

// The app's router holds every screen outside the log-in flow until the locale's screens part is in
// (lib/localeParts.ts); component tests render screens directly, so they wait for it once up front.
await screenTextsReady();

// antd-mobile renders a lot of DOM in jsdom; on a busy machine (a CI run's two cores shared) a screen or a
// form's validation can take more than testing-library's default second to show (as the back office's
// tests, admin/test/harness.tsx). A wait that ends early still ends as soon as the text is there.
configure({ asyncUtilTimeout: 5000 });
