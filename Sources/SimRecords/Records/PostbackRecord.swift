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
  /// For a winning postback 1 whose tier came from crowd sizes: what its content was decided from
  /// (not sent; the privacy fit judges it under other thresholds).
  package var basis: TierBasis?

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
