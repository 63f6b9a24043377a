/// Where the simulated world's signing keys come from and how impression signatures are checked
/// (rulebook §7.2, §7.3).
public struct SigningSettings: Hashable, Sendable {
  /// How the device checks impression signatures.
  public enum ImpressionCheck: String, Hashable, Sendable, CaseIterable {
    /// Each network signs each impression with libcrypto and the device verifies it, as on a
    /// real device: about 0.13 ms per impression.
    case cryptographic
    /// The device trusts a flag saying whether the signature is good. Outcomes are identical to
    /// `cryptographic` (the same impressions are rejected); only the cost differs, for runs of
    /// millions of users.
    case flag
  }

  /// Settings with the defaults: keys derived from the seed, cryptographic checks.
  public init(appleKey: SigningKeySource = .derivedFromSeed, impressionCheck: ImpressionCheck = .cryptographic) {
    self.appleKey = appleKey
    self.impressionCheck = impressionCheck
  }

  /// The key the simulated Apple signs postbacks with.
  public var appleKey: SigningKeySource
  /// How impression signatures are checked.
  public var impressionCheck: ImpressionCheck
}
