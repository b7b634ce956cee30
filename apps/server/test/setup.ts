import { usePasswordCost } from "../src/lib/password.js";

// Every server test file: passwords hashed at argon2's floor (the suite registers thousands of users).
// register.test.ts checks the real cost on a hash of its own; password.test.ts checks the refusal.
usePasswordCost("test");
