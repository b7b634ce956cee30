export interface SocketCaps {
  /** Authenticated sockets per user: a further one is refused when it authenticates. */
  maxSocketsPerUser: number;
  /** Not-yet-authenticated sockets per client address (IPv6 by /64): a further one is refused at once. */
  maxPendingPerAddress: number;
}

type Slot = { kind: "pending"; address: string } | { kind: "user"; userId: string };

/**
 * The process's sockets: pending ones counted per client address, authenticated ones per user, so that
 * neither an address nor an account holds sockets without bound. The counts are per process: behind a
 * load balancer an account can reach the cap on each process, which still bounds it.
 */
export class SocketRegistry<C> {
  private readonly slots = new Map<C, Slot>();
  private readonly pendingByAddress = new Map<string, Set<C>>();
  private readonly byUser = new Map<string, Set<C>>();

  constructor(private readonly caps: SocketCaps) {}

  /** Counts a new socket as pending at its address; false when the address already has the most. */
  addPending(socket: C, address: string): boolean {
    if ((this.pendingByAddress.get(address)?.size ?? 0) >= this.caps.maxPendingPerAddress) return false;
    this.join(this.pendingByAddress, address, socket);
    this.slots.set(socket, { kind: "pending", address });
    return true;
  }

  /** Moves an authenticated socket to its user; false, and the socket is forgotten, when the user has the most. */
  promote(socket: C, userId: string): boolean {
    this.remove(socket);
    if ((this.byUser.get(userId)?.size ?? 0) >= this.caps.maxSocketsPerUser) return false;
    this.join(this.byUser, userId, socket);
    this.slots.set(socket, { kind: "user", userId });
    return true;
  }

  remove(socket: C): void {
    const slot = this.slots.get(socket);
    if (!slot) return;
    this.slots.delete(socket);
    if (slot.kind === "user") this.leave(this.byUser, slot.userId, socket);
    else this.leave(this.pendingByAddress, slot.address, socket);
  }

  all(): C[] {
    return [...this.slots.keys()];
  }

  /** The user's authenticated sockets. */
  socketsOf(userId: string): C[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** The user's sockets and every pending one (which may be authenticating as that user right now). */
  mayHoldSessionOf(userId: string): C[] {
    const pending = [...this.pendingByAddress.values()].flatMap((set) => [...set]);
    return [...(this.byUser.get(userId) ?? []), ...pending];
  }

  private join(groups: Map<string, Set<C>>, key: string, socket: C): void {
    const group = groups.get(key);
    if (group) group.add(socket);
    else groups.set(key, new Set([socket]));
  }

  private leave(groups: Map<string, Set<C>>, key: string, socket: C): void {
    const group = groups.get(key);
    if (group?.delete(socket) && group.size === 0) groups.delete(key);
  }
}
