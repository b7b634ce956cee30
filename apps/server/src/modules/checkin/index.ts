/** What other modules use of checkin (CONTRIBUTING, "A server module"): nothing yet; its routes are registered by app.ts. */
export {};
