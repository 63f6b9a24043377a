/// The users the world is simulating now, each in a numbered slot that events name; a slot is
/// reused once its user is released, so memory follows the users in flight, not all users.
///
/// The invariant, stated once here rather than at every use: a slot holds a user from ``admit(_:)``
/// until ``release(_:)``, and the world schedules events for a slot only while it is held (each
/// counted in ``ActiveUser/pending``, and a user is released only when none is pending). So rule
/// code reads `users[slot]` and never meets an empty slot; meeting one is a bug in the world, and
/// stops the run.
package struct UserSlots {
  private var slots: [ActiveUser?] = []
  private var free: [Int32] = []

  package init() {}

  /// The user in `slot`, read or changed in place (no copy of its arrays).
  package subscript(slot: Int32) -> ActiveUser {
    // Read in place: a getter would copy the user, retaining and releasing all its references.
    _read { yield slots[Int(slot)]! }
    _modify { yield &slots[Int(slot)]! }
  }

  /// Places `user` in a free slot (or a new one) and returns it.
  package mutating func admit(_ user: ActiveUser) -> Int32 {
    if let slot = free.popLast() {
      slots[Int(slot)] = user
      return slot
    }
    slots.append(user)
    return Int32(slots.count - 1)
  }

  /// Empties `slot` for reuse.
  package mutating func release(_ slot: Int32) {
    slots[Int(slot)] = nil
    free.append(slot)
  }

  /// The slots holding a user, in slot order.
  package var held: [Int32] { slots.indices.filter { slots[$0] != nil }.map(Int32.init) }
}
