import SimPlatform

/// The users the world is simulating now, each in a numbered slot that events name; a slot is
/// reused once its user is released, so memory follows the users in flight, not all users.
///
/// The invariant, stated once here rather than at every use: a slot holds a user from ``admit(_:)``
/// until ``release(_:)``, and the world schedules events for a slot only while it is held (each
/// counted in ``ActiveUser/pending``, and a user is released only when none is pending). So rule
/// code reads `users[slot]` and never meets an empty slot; meeting one is a bug in the world, and
/// stops the run.
///
/// Slots live in fixed chunks of 4,096, added as more users are in flight at once: one growing
/// array would hold up to twice the slots in use after each doubling, and both its old and new
/// storage while it copies (at 10 million users, a million users in flight at 184 bytes each).
package struct UserSlots {
  private static let chunkShift = 12
  private static let chunkSize = 1 << chunkShift
  private var chunks: [[ActiveUser?]] = []
  /// How many slots have ever been handed out; the rest of the last chunk is unused.
  private var used = 0
  private var free: [Int32] = []

  package init() {}

  /// The user in `slot`, read or changed in place (no copy of its arrays).
  package subscript(slot: Int32) -> ActiveUser {
    // Read in place: a getter would copy the user, retaining and releasing all its references.
    _read {
      let (chunk, index) = Self.place(Int(slot))
      yield chunks[chunk][index]!
    }
    _modify {
      let (chunk, index) = Self.place(Int(slot))
      yield &chunks[chunk][index]!
    }
  }

  /// Conversion `conversion` of the user in `slot`, read or changed in place: the rules' most
  /// frequent reach into a user.
  package subscript(conversion: Int, of slot: Int32) -> Conversion {
    _read { yield self[slot].conversions[conversion] }
    _modify { yield &self[slot].conversions[conversion] }
  }

  /// Places `user` in a free slot (or a new one) and returns it.
  package mutating func admit(_ user: consuming ActiveUser) -> Int32 {
    let slot: Int
    if let reused = free.popLast() {
      slot = Int(reused)
    } else {
      slot = used
      used += 1
      if slot >> Self.chunkShift == chunks.count {
        chunks.append(Array(repeating: nil, count: Self.chunkSize))
      }
    }
    let (chunk, index) = Self.place(slot)
    chunks[chunk][index] = user
    return Int32(slot)
  }

  /// Empties `slot` for reuse.
  package mutating func release(_ slot: Int32) {
    let (chunk, index) = Self.place(Int(slot))
    chunks[chunk][index] = nil
    free.append(slot)
  }

  /// The slots holding a user, in slot order.
  package var held: [Int32] {
    (0..<used).filter { slot in
      let (chunk, index) = Self.place(slot)
      return chunks[chunk][index] != nil
    }.map(Int32.init)
  }

  /// The chunk holding `slot`, and its index there.
  private static func place(_ slot: Int) -> (chunk: Int, index: Int) {
    (slot >> chunkShift, slot & (chunkSize - 1))
  }
}
