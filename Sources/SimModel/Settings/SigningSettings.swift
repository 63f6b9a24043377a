/// Where the simulated world's signing keys come from and how impression signatures are checked
/// (rulebook §7.2, §7.3).
public struct SigningSettings: Hashable, Sendable {
  /// How the device checks impression signatures.
  public enum ImpressionCheck: String, Hashable, Sendable, CaseIterable {
    /// Each network signs each impression with libcrypto and the device verifies it, as on a
    /// real device: about 55 µs per impression. The run's receivers verify every postback's
    /// signature with ECDSA too (otherwise they accept the bytes the simulated Apple has just
    /// signed from a ledger, with the same answer).
    case cryptographic
    /// The default. libcrypto signs and verifies only the impressions the scenario tampers
    /// with, exactly as `cryptographic` does; an honest impression is accepted without running
    /// ECDSA, because a signature made with the network's key over the very fields the device
    /// checks always verifies with its public key. Outcomes are those of `cryptographic`, byte
    /// for byte: no output carries an impression's signature, only whether it was accepted.
    case tamperedOnly = "tampered-only"
    /// The device trusts a flag saying whether the signature is good. Outcomes are identical to
    /// `cryptographic` (the same impressions are rejected); only the cost differs, for runs of
    /// millions of users.
    case flag
  }

  /// Settings with the defaults: keys derived from the seed, ECDSA for tampered impressions.
  public init(appleKey: SigningKeySource = .derivedFromSeed, impressionCheck: ImpressionCheck = .tamperedOnly) {
    self.appleKey = appleKey
    self.impressionCheck = impressionCheck
  }

  /// The key the simulated Apple signs postbacks with.
  public var appleKey: SigningKeySource
  /// How impression signatures are checked.
  public var impressionCheck: ImpressionCheck
}
