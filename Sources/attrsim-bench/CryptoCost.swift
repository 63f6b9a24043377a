import AttributionCrypto
import AttributionSim

/// What the simulator's ECDSA costs per operation, as the run uses it: a postback signature
/// (seeded signer), a verification, and an impression signed and checked as the device does
/// under `impressionCheck: "cryptographic"`.
enum CryptoCost {
  /// Microseconds per operation, CPU time, over `count` operations each.
  static func measure(scenario: Scenario, count: Int) -> (sign: Double, verify: Double, impression: Double) {
    // Full cryptography: no ledger answers for the signatures made here.
    var scenario = scenario
    scenario.signing.impressionCheck = .cryptographic
    let keys = SimulatedKeys(scenario: scenario)
    let signer = keys.apple.makeSigner()
    let publicKey = keys.apple.key.publicKey
    // About a 4.0 postback's signing string.
    let message = Array(String(repeating: "4.0\u{2063}example123.skadnetwork\u{2063}", count: 4).utf8)
    let signature = try! signer.signature(for: message)
    let signing = timed {
      for _ in 0..<count { _ = try! signer.signature(for: message) }
    }
    var valid = 0
    let verifying = timed {
      for _ in 0..<count where publicKey.isValidSignature(signature, for: message) { valid += 1 }
    }
    precondition(valid == count, "a signature made here did not verify")
    let network = ImpressionSigner(keys.adNetworks[0])
    var accepted = 0
    let impressions = timed {
      for index in 0..<count {
        let served = ImpressionSignature(
          version: "4.0", adNetworkId: "example123.skadnetwork", sourceIdentifier: 42, itemId: 525_463_029,
          nonce: "68483ef6-0678-4d34-a7c0-5e4a0bb20fde", source: .app(1_234_567_891), fidelityType: index & 1,
          timestamp: 1_594_406_341_000 + Int64(index), signature: "")
        if network.signed(served).verifies(with: network.publicKey) { accepted += 1 }
      }
    }
    precondition(accepted == count, "an impression signed here did not verify")
    let scale = 1e6 / Double(count)
    return (signing.cpu * scale, verifying.cpu * scale, impressions.cpu * scale)
  }
}
