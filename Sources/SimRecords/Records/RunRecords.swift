import SimBehaviour
import SimEngine
import SimJSON
import SimModel
import SimPlatform

/// One postback as it leaves the device.
public struct PostbackRecord: Sendable {
  /// Virtual send time.
  public var time: SimTime
  /// Where it goes.
  public var recipient: PostbackRecipient
  /// The exact JSON body.
  public var payload: JSONValue
  /// The user whose device sent it (not part of what is sent; for ground-truth joins).
  public var user: String
  /// Which kind of value it carries.
  public var content: SKAdNetworkPostback.ValueContent
  /// Its postback sequence index (0 before 4.0).
  public var sequenceIndex: Int
  /// Whether it is the winning network's postback.
  public var didWin: Bool
  /// When it was prepared: its window's close, lock or timer expiry. The send delay runs from here.
  public var preparedAt: SimTime
  /// The network and campaign it reports, as scenario indices: what the source identifier
  /// stands for before crowd anonymity cuts its digits (not sent; for reports).
  package var network: Int, campaign: Int

  /// The `postbacks.jsonl` line: time, recipient and payload only, as the device sends them.
  public func jsonLine(epoch: Epoch) -> JSONValue {
    .object([
      "time": .string(epoch.iso8601(after: time.milliseconds)),
      "recipient": .string(recipient.rawValue),
      "payload": payload,
    ])
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(
    time: SimTime,
    recipient: PostbackRecipient,
    payload: JSONValue,
    user: String,
    content: SKAdNetworkPostback.ValueContent,
    sequenceIndex: Int,
    didWin: Bool,
    preparedAt: SimTime,
    network: Int,
    campaign: Int
  ) {
    self.time = time
    self.recipient = recipient
    self.payload = payload
    self.user = user
    self.content = content
    self.sequenceIndex = sequenceIndex
    self.didWin = didWin
    self.preparedAt = preparedAt
    self.network = network
    self.campaign = campaign
  }
}

/// The ground truth of one conversion, which only a simulator knows.
public struct ConversionRecord: Sendable {
  /// Where the `conversions.jsonl` object comes from.
  package enum Body: Sendable {
    /// A conversion the world just finished, built into JSON only when a sink asks.
    case live(Conversion, UserPlan, ConversionRecordBuilder)
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
    case .live(let conversion, let user, let builder): builder.json(conversion, user: user)
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
