/** What other modules use of seat (CONTRIBUTING, "A server module"): nothing yet; its routes are registered by app.ts. */
export {};
