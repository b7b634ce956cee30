// The e2e project: journeys in the system Chromium against the built app.
export {};
