import { WALLET_ADDRESSES_MAX, type AddWalletRequest, type WalletAddress } from "@brokerage/api";
import { isWalletAddress, isWalletType, walletAddressKey } from "@brokerage/core";
import type { Db } from "../../db/index.js";
import type { Clock } from "../../lib/clock.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { DomainError } from "../../lib/errors.js";
import * as repo from "./repository.js";

interface Deps {
  db: Db;
  clock: Clock;
  /** How many addresses a user may keep; WALLET_ADDRESSES_MAX unless a test lowers it. */
  maxAddresses?: number;
}

function toWalletAddress(row: repo.AddressRow): WalletAddress {
  return { id: row.id, type: row.type, address: row.address, createdAt: row.createdAt.toISOString() };
}

/**
 * Crypto withdrawal addresses (spec §3, §5): a type of WALLET_TYPES and an address of that network with a
 * valid checksum, each address kept once per user.
 */
export class WalletService {
  private readonly maxAddresses: number;

  constructor(private readonly deps: Deps) {
    this.maxAddresses = deps.maxAddresses ?? WALLET_ADDRESSES_MAX;
  }

  async list(userId: string): Promise<WalletAddress[]> {
    return (await repo.listKept(this.deps.db, userId)).map(toWalletAddress);
  }

  async add(userId: string, input: AddWalletRequest): Promise<WalletAddress> {
    const { db, clock } = this.deps;
    const { type, address } = input;
    if (!isWalletType(type)) throw new DomainError("INVALID_INPUT", { field: "type" });
    if (!isWalletAddress(type, address))
      throw new DomainError("WALLET_ADDRESS_INVALID", { field: "address", type });
    try {
      return await db.transaction(async (tx) => {
        if (!(await repo.lockOwner(tx, userId))) throw new DomainError("UNAUTHORIZED");
        const kept = await repo.listKept(tx, userId);
        // Another spelling of a case-insensitive address is the same address.
        const key = walletAddressKey(type, address);
        if (kept.some((row) => row.type === type && walletAddressKey(type, row.address) === key))
          throw new DomainError("WALLET_EXISTS", { field: "address" });
        if (kept.length >= this.maxAddresses)
          throw new DomainError("WALLET_LIMIT_REACHED", { limit: String(this.maxAddresses) });
        const row = await repo.insertAddress(tx, { userId, type, address, createdAt: clock.now() });
        return toWalletAddress(row);
      });
    } catch (error) {
      // The user lock makes this unreachable in practice; the index still has the last word.
      if (uniqueViolation(error) === repo.KEPT_ADDRESS_INDEX)
        throw new DomainError("WALLET_EXISTS", { field: "address" });
      throw error;
    }
  }

  /**
   * Another user's address, a removed one and one that never existed all answer NOT_FOUND alike; an
   * address with a withdrawal to it waiting for review stays until it is decided (WALLET_WITHDRAWAL_PENDING).
   */
  async remove(userId: string, id: string): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      if (!(await repo.lockKept(tx, { userId, id }))) throw new DomainError("NOT_FOUND");
      if (await repo.pendingToAddress(tx, id)) throw new DomainError("WALLET_WITHDRAWAL_PENDING");
      await repo.markRemoved(tx, { userId, id, at: clock.now() });
    });
  }
}
