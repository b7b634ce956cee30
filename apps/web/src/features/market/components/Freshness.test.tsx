import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import "../../../lib/i18n";
import { formatZoneOffset } from "../../../lib/format";
import { Freshness } from "./Freshness";

afterEach(cleanup);

describe("Freshness", () => {
  // A closed market's last price, hours old: the instant is shown to the minute with the zone it is in.
  const old = new Date(Date.now() - 5 * 3600_000);
  const zone = formatZoneOffset(undefined, old);
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${pad(old.getMonth() + 1)}.${pad(old.getDate())}`;
  const minute = `${pad(old.getHours())}:${pad(old.getMinutes())}`;

  it("names the zone of an old price in a list row", () => {
    render(<Freshness compact timestamp={old.toISOString()} />);
    expect(screen.getByText(`${day} ${minute} ${zone}`).tagName).toBe("TIME");
  });

  it("names the zone of an old price in the full form", () => {
    render(<Freshness timestamp={old.toISOString()} />);
    expect(screen.getByText(new RegExp(`${day} ${minute} ${zone.replace("+", "\\+")}`))).toBeTruthy();
  });
});
