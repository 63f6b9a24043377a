import AttributionSim
import SimJSON
import Testing

@testable import SimReceiver

/// The key receivers and `attrsim decode` drop repeated postbacks by.
@Suite("Replay identifier")
struct ReplayIdentifierTests {
  private func fields(_ members: [String: JSONValue]) -> PostbackFields { PostbackFields(members: members) }

  @Test("SKAdNetwork keys by ad-network-id/transaction-id, numbers by their signed text")
  func skAdNetwork() {
    let text = fields(["ad-network-id": .string("net.skadnetwork"), "transaction-id": .string("t-1")])
    #expect(ReplayIdentifier.of(text) == "net.skadnetwork/t-1")
    // decode keyed only text transaction-ids before; the receiver has always keyed numbers too.
    let number = fields(["ad-network-id": .string("net.skadnetwork"), "transaction-id": .int(42)])
    #expect(ReplayIdentifier.of(number) == "net.skadnetwork/42")
    #expect(ReplayIdentifier.of(fields(["transaction-id": .string("t-1")])) == nil, "no network: no key")
  }

  @Test("AdAttributionKit keys by ad-network-identifier/postback-identifier, as SKAdNetwork by network and transaction")
  func adAttributionKit() {
    let first = fields(["ad-network-identifier": .string("a.adattributionkit"), "postback-identifier": .string("P")])
    let second = fields(["ad-network-identifier": .string("b.adattributionkit"), "postback-identifier": .string("P")])
    #expect(ReplayIdentifier.of(first) == "a.adattributionkit/P")
    #expect(ReplayIdentifier.of(first) != ReplayIdentifier.of(second), "two networks' postbacks are never each other's replay")
    #expect(ReplayIdentifier.of(fields(["postback-identifier": .string("P")])) == "P", "no network: the identifier alone")
    #expect(ReplayIdentifier.of(fields(["ad-network-identifier": .string("a")])) == nil)
  }
}
