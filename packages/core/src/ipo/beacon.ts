/**
 * The randomness beacons a draw may use (DESIGN §5a; docs/primary-market.md "The randomness"). A round is
 * announced when the offering is made: the first one produced at least `IPO_SEAL_MARGIN_MS` after the
 * subscription closes, so its value is unknown to everyone until the applications' root is published.
 */

export const BEACON_PROVIDERS = ["local", "drand-quicknet"] as const;
export type BeaconProvider = (typeof BEACON_PROVIDERS)[number];

export interface BeaconChain {
  provider: BeaconProvider;
  /** Unix seconds of round 1. */
  genesis: number;
  /** Seconds between rounds. */
  period: number;
  /** Whether its values are produced by parties other than the operator. */
  independent: boolean;
}

/**
 * drand's quicknet (League of Entropy; https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/info,
 * read 2026-12-03): genesis 1692803367, a round every 3 s, randomness = SHA-256 of the round's BLS signature.
 */
export const DRAND_QUICKNET: BeaconChain = {
  provider: "drand-quicknet",
  genesis: 1_692_803_367,
  period: 3,
  independent: true,
};
export const DRAND_QUICKNET_HASH = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971";

/**
 * The platform's own beacon, for a machine without the network: a random value drawn by the server when the
 * round is first asked for after its time, and recorded. Not independent of the operator, and said so
 * wherever it is shown.
 */
export const LOCAL_BEACON: BeaconChain = {
  provider: "local",
  genesis: Date.UTC(2020, 0, 1) / 1000,
  period: 60,
  independent: false,
};

export const beaconChain = (provider: BeaconProvider): BeaconChain =>
  provider === "local" ? LOCAL_BEACON : DRAND_QUICKNET;

/** Time the applications' root has to be published between the close and the beacon round. */
export const IPO_SEAL_MARGIN_MS = 60_000;

/** When a round is produced. */
export const roundTime = (chain: BeaconChain, round: number): Date =>
  new Date((chain.genesis + (round - 1) * chain.period) * 1000);

/** The round an offering closing at `closesAt` announces: the first at or after closesAt + the margin. */
export function announcedRound(chain: BeaconChain, closesAt: Date): number {
  const after = (closesAt.getTime() + IPO_SEAL_MARGIN_MS) / 1000 - chain.genesis;
  return Math.max(1, Math.ceil(after / chain.period) + 1);
}
