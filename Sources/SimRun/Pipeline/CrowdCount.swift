import SimEngine
import SimJSON
import SimPlatform

/// One line of a shard's `counts.jsonl`: how many installs with these crowd facts were drafted
/// at one instant. Phase 1 of the two-phase tier stage writes only these; a reduce adds equal
/// lines of any number of shards; phase 2 feeds the sum to each shard's tier decisions.
package struct CrowdCount: Sendable {
  /// When the installs were drafted: the tier stage counts them into the crowds at this time.
  package var at: SimTime
  /// The winning impression's facts: what the crowds are keyed on.
  package var facts: ConversionFacts
  package var count: Int

  /// The order lines are written in, which reduces merge by: time, then the facts.
  package static func precedes(_ a: CrowdCount, _ b: CrowdCount) -> Bool {
    (a.at, a.facts.network, a.facts.campaign, a.facts.publisher, a.facts.country, a.facts.time)
      < (b.at, b.facts.network, b.facts.campaign, b.facts.publisher, b.facts.country, b.facts.time)
  }

  /// Whether two lines count the same installs' crowds, and so add up.
  package func sameKey(as other: CrowdCount) -> Bool { !Self.precedes(self, other) && !Self.precedes(other, self) }

  package var json: JSONValue {
    .object([
      "at": .int(at.milliseconds), "network": .int(Int64(facts.network)), "campaign": .int(Int64(facts.campaign)),
      "publisher": .int(Int64(facts.publisher)), "country": .string(facts.country), "time": .int(facts.time.milliseconds),
      "count": .int(Int64(count)),
    ])
  }

  /// Reads a line; nil when it is not one.
  package init?(json: JSONValue) {
    guard case .object(let object) = json, case .int(let at)? = object["at"], case .int(let network)? = object["network"],
      case .int(let campaign)? = object["campaign"], case .int(let publisher)? = object["publisher"],
      case .string(let country)? = object["country"], case .int(let time)? = object["time"],
      case .int(let count)? = object["count"], count > 0
    else { return nil }
    self.init(
      at: SimTime.zero + .milliseconds(at),
      facts: ConversionFacts(
        network: Int(network), campaign: Int(campaign), publisher: Int(publisher), country: country,
        time: SimTime.zero + .milliseconds(time)),
      count: Int(count))
  }

  package init(at: SimTime, facts: ConversionFacts, count: Int) {
    self.at = at
    self.facts = facts
    self.count = count
  }
}
