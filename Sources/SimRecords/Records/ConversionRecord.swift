import SimBehaviour
import SimJSON
import SimModel
import SimPlatform

/// The ground truth of one conversion, which only a simulator knows.
public struct ConversionRecord: Sendable {
  /// Where the `conversions.jsonl` object comes from.
  package enum Body: Sendable {
    /// A conversion the world just finished, built into JSON only when a sink asks.
    case live(Conversion, UserName, country: String, ConversionRecordBuilder)
    /// The object as a shard wrote it, without its tiers.
    case stored(JSONValue)
  }

  package let body: Body
  package let truth: ConversionTruth
  /// The crowd-anonymity decisions, filled in by the tier stage.
  package var tiers: ConversionTiers?
  /// Whether the framework truncates source identifiers, so that the record reports the digits
  /// its tier kept (``AttributionFramework/truncatesSourceIdentifier``).
  package let truncatesSourceIdentifier: Bool

  /// The `conversions.jsonl` object, built on demand: sinks that only count never pay for it.
  public var json: JSONValue {
    tiers.map { $0.applied(to: untiered, truncatesSourceIdentifier: truncatesSourceIdentifier) } ?? untiered
  }

  /// The object without the fields tiers decide.
  package var untiered: JSONValue {
    switch body {
    case .live(let conversion, let user, let country, let builder): builder.json(conversion, user: user, country: country)
    case .stored(let json): json
    }
  }

  /// The tier decided.
  public var tier: Int { tiers?.winner.tier ?? 0 }
  /// Whether the app was launched in time and the windows started.
  public var attributed: Bool { truth.attributed }

  /// Each stored property as given; other targets of the package build it too.
  package init(body: Body, truth: ConversionTruth, tiers: ConversionTiers? = nil, truncatesSourceIdentifier: Bool) {
    self.body = body
    self.truth = truth
    self.tiers = tiers
    self.truncatesSourceIdentifier = truncatesSourceIdentifier
  }
}
