import AttributionCrypto
import SimEngine
import SimJSON
import SimModel

/// The simulated world's private keys: the "Apple" key that signs postbacks (rulebook §7.2,
/// §7.5), the "Apple" development key for Developer Mode AdAttributionKit postbacks (§5.4), and
/// each ad network's impression key (§7.3).
///
/// A key not loaded from a file is derived from the scenario seed and its owner's identifier, so
/// the same scenario always has the same keys and a receiver can pin them. Each key also gets a
/// nonce seed for ``DeterministicSigner``: signatures are reproducible byte for byte.
public struct SimulatedKeys: Sendable {
  /// One key with where it came from.
  public struct Entry: Sendable {
    /// The private key.
    public var key: ECPrivateKey
    /// Seed for reproducible signatures with this key.
    public var nonceSeed: [UInt8]
    /// Where the key came from, for `keys.json`: "derived from seed N" or the file's path.
    public var origin: String
    /// Whether its signers record each signature so that the run's own receivers and devices
    /// accept exactly those bytes without redoing the ECDSA arithmetic, with the answer it
    /// would give; off under `impressionCheck: "cryptographic"`, where everything is verified.
    public var signersKeepLedger = false
  }

  /// The key the simulated Apple signs postbacks with: SKAdNetwork's `attribution-signature`
  /// and AdAttributionKit's JWS under `apple-cas-identifier/0`, one key as Apple's is (§7.4).
  public var apple: Entry
  /// The key the simulated Apple signs Developer Mode AdAttributionKit postbacks with, under
  /// `apple-development-identifier/0` (§5.4); always derived from the seed.
  public var appleDevelopment: Entry
  /// Each ad network's impression key, in scenario order.
  public var adNetworks: [Entry]

  /// The keys of `scenario`. Key files were checked when the scenario was read; a scenario built
  /// in code with an unusable key stops here.
  public init(scenario: Scenario) {
    let root = RandomStream(seed: scenario.seed).child("signing-keys")
    func entry(_ source: SigningKeySource, owner: String) -> Entry {
      let stream = root.child(owner)
      let seed = SimulatedKeys.bytes(32, from: stream.child("nonce"))
      switch source {
      case .derivedFromSeed:
        return Entry(
          key: SimulatedKeys.derivedKey(from: stream.child("key")), nonceSeed: seed,
          origin: "derived from seed \(scenario.seed)")
      case .pem(let path, let text):
        guard let key = try? ECPrivateKey(pem: text), key.curve == .p256 else {
          preconditionFailure("key file '\(path)' does not hold a P-256 private key")
        }
        return Entry(key: key, nonceSeed: seed, origin: "file \(path)")
      }
    }
    let ledger = scenario.signing.impressionCheck != .cryptographic
    apple = entry(scenario.signing.appleKey, owner: "apple")
    // Its own child stream, so adding it left every other key and nonce seed as it was.
    appleDevelopment = entry(.derivedFromSeed, owner: "apple-development")
    adNetworks = scenario.adNetworks.map { entry($0.signingKey, owner: "ad-network " + $0.identifier) }
    apple.signersKeepLedger = ledger
    appleDevelopment.signersKeepLedger = ledger
    for index in adNetworks.indices { adNetworks[index].signersKeepLedger = ledger }
    identifiers = scenario.adNetworks.map(\.identifier)
    frameworks = scenario.adNetworks.map { AttributionFrameworks.ads(of: $0, on: scenario.platform) }
    usesAdAttributionKit = scenario.usesAdAttributionKit
  }

  private let identifiers: [String]
  private let frameworks: [any AttributionFramework]
  /// Whether `keys.json` lists the AdAttributionKit key IDs: scenarios without AdAttributionKit
  /// keep the file they always had.
  private let usesAdAttributionKit: Bool

  /// The key that signs AdAttributionKit postbacks under `keyId`, or nil for a key ID the
  /// simulated Apple does not sign with.
  public func adAttributionKitEntry(keyId: String) -> Entry? {
    switch keyId {
    case AdAttributionKitPostback.productionKeyId: apple
    case AdAttributionKitPostback.developmentKeyId: appleDevelopment
    default: nil
    }
  }

  /// The public keys AdAttributionKit postbacks verify with, by `kid`.
  public var adAttributionKitKeys: [String: ECPublicKey] {
    [
      AdAttributionKitPostback.productionKeyId: apple.key.publicKey,
      AdAttributionKitPostback.developmentKeyId: appleDevelopment.key.publicKey,
    ]
  }

  /// The `keys.json` a run writes: every public key as base64 SubjectPublicKeyInfo, the form
  /// Apple publishes its own in, so receivers verify the simulator's postbacks the same way.
  /// Scenarios with AdAttributionKit also get `adAttributionKit`: each key ID the simulated
  /// Apple signs JWS postbacks under, with its key.
  public var json: JSONValue {
    func describe(_ entry: Entry, signs: String) -> JSONValue {
      .object([
        "curve": .string(entry.key.curve.rawValue),
        "publicKey": .string(Base64.encode(entry.key.publicKey.spkiDER)),
        "origin": .string(entry.origin),
        "signs": .string(signs),
      ])
    }
    var networks: [String: JSONValue] = [:]
    for ((identifier, entry), framework) in zip(zip(identifiers, adNetworks), frameworks) {
      networks[identifier] = describe(entry, signs: framework.impressionSigning)
    }
    var members: [String: JSONValue] = [
      "apple": describe(apple, signs: "postbacks (attribution-signature)"),
      "adNetworks": .object(networks),
    ]
    if usesAdAttributionKit {
      let production = AdAttributionKitPostback.productionKeyId, development = AdAttributionKitPostback.developmentKeyId
      members["adAttributionKit"] = .object([
        production: describe(apple, signs: "postbacks (jws-string with kid \(production))"),
        development: describe(appleDevelopment, signs: "Developer Mode postbacks (jws-string with kid \(development))"),
      ])
    }
    return .object(members)
  }

  /// A P-256 key whose scalar comes from `stream`; a draw outside [1, n − 1] (chance about
  /// 2⁻³²) moves on to the next child stream.
  package static func derivedKey(from stream: RandomStream) -> ECPrivateKey {
    var attempt = 0
    while true {
      if let key = try? ECPrivateKey(scalar: bytes(32, from: stream.child(attempt))) { return key }
      attempt += 1
    }
  }

  /// `count` bytes drawn from `stream`, big-endian by word.
  package static func bytes(_ count: Int, from stream: RandomStream) -> [UInt8] {
    var stream = stream
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 7)
    while bytes.count < count {
      let word = stream.next()
      for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }
    return Array(bytes.prefix(count))
  }
}

extension SimulatedKeys.Entry {
  /// A reproducible signer for this key.
  package func makeSigner() -> DeterministicSigner {
    // A valid P-256 key and a non-empty seed: this fails only if libcrypto lacks TEST-RAND.
    guard let signer = try? DeterministicSigner(key: key, seed: nonceSeed) else {
      preconditionFailure("libcrypto cannot create a deterministic signer")
    }
    signer.keepsLedger = signersKeepLedger
    return signer
  }
}
