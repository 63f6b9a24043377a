import Foundation

/// The signatures this process has just made with signers that keep a record: for each, the
/// public key, the message digest and the signature bytes. Verifying exactly such a triple
/// needs no ECDSA: a signature libcrypto made with a private key over a digest always verifies
/// with the matching public key over that digest, so the answer is the one the arithmetic
/// would give. Anything else (another key, a changed message, changed bytes) is verified in
/// full. The ledger keeps the most recent entries only: a run verifies its postbacks right
/// after signing them, and an entry that has gone is simply verified the long way.
final class SignatureLedger: @unchecked Sendable {
  /// The one ledger of the process; signers and keys of every run share it, each entry naming
  /// its key, so runs on other threads neither see nor disturb each other's answers.
  static let shared = SignatureLedger(capacity: 16_384)

  private struct Entry: Hashable {
    let publicKey: [UInt8]
    let digest: [UInt8]
    let signature: [UInt8]

    /// The signature's bytes in one call: they are as good as random, and hashing the arrays
    /// element by element, as `[UInt8]` does, cost more than the ledger saves on a fast path.
    func hash(into hasher: inout Hasher) {
      signature.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  private let lock = NSLock()
  private var entries: Set<Entry> = []
  private var order: [Entry?]
  private var next = 0

  private init(capacity: Int) { order = Array(repeating: nil, count: capacity) }

  /// Records that `signature` was made over `digest` with the private half of `publicKey` (SPKI DER).
  func record(publicKey: [UInt8], digest: [UInt8], signature: [UInt8]) {
    let entry = Entry(publicKey: publicKey, digest: digest, signature: signature)
    lock.lock()
    defer { lock.unlock() }
    guard entries.insert(entry).inserted else { return }
    if let evicted = order[next] { entries.remove(evicted) }
    order[next] = entry
    next = (next + 1) % order.count
  }

  /// Whether exactly this triple was recorded (and is still held).
  func contains(publicKey: [UInt8], digest: [UInt8], signature: [UInt8]) -> Bool {
    let entry = Entry(publicKey: publicKey, digest: digest, signature: signature)
    lock.lock()
    defer { lock.unlock() }
    return entries.contains(entry)
  }
}
