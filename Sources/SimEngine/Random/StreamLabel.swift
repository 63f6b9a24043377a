/// A stream name with its hash computed once: naming a child stream by a label in a loop then
/// costs no string hashing.
public struct StreamLabel: Hashable, Sendable {
  /// FNV-1a over the name's UTF-8 bytes: stable across runs and platforms, unlike `Hasher`.
  public let hash: UInt64

  /// The label for `name`.
  public init(_ name: String) {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    self.hash = hash
  }
}
