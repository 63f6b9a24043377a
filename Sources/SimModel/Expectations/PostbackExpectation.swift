import SimEngine
import SimJSON

/// A postback a scripted user must send, or must not: selected by user, recipient, network,
/// sequence index and winning, then compared field by field.
public struct PostbackExpectation: Sendable {
  /// The scripted user whose device sends it.
  public var user: String
  /// Who receives it.
  public var recipient: PostbackRecipient
  /// The ad network's `ad-network-id`; nil for any network.
  public var adNetworkId: String?
  /// Its `postback-sequence-index`; nil for any.
  public var sequenceIndex: Int?
  /// Whether it is the winning network's postback; nil for either.
  public var didWin: Bool?
  /// Payload fields it must carry with these values.
  public var fields: [String: JSONValue]
  /// Whether ``fields`` is the whole payload: no other field may appear, except signatures and
  /// random identifiers, which cannot be known in advance.
  public var wholePayload: Bool
  /// When it must be sent, as offsets from the epoch; nil for any time.
  public var sendTime: ClosedRange<SimDuration>?
  /// Whether no postback matching the selection may be sent at all.
  public var absent: Bool
  /// The rule the expectation checks, in the author's words; shown with a mismatch.
  public var rule: String?
  /// Where the expectation was written.
  public var origin: ExpectationOrigin

  /// An expectation with every part given; by default the user's next winning postback to the ad network.
  public init(
    user: String, recipient: PostbackRecipient = .adNetwork, adNetworkId: String? = nil, sequenceIndex: Int? = nil,
    didWin: Bool? = nil, fields: [String: JSONValue] = [:], wholePayload: Bool = false,
    sendTime: ClosedRange<SimDuration>? = nil, absent: Bool = false, rule: String? = nil,
    origin: ExpectationOrigin = ExpectationOrigin(path: "postback")
  ) {
    self.user = user
    self.recipient = recipient
    self.adNetworkId = adNetworkId
    self.sequenceIndex = sequenceIndex
    self.didWin = didWin
    self.fields = fields
    self.wholePayload = wholePayload
    self.sendTime = sendTime
    self.absent = absent
    self.rule = rule
    self.origin = origin
  }

  /// The expectation in words: "alice's winning postback to the ad network, sequence index 0",
  /// or "no postback from alice to the ad network".
  package var subject: String {
    var kind = didWin.map { $0 ? "winning " : "non-winning " } ?? ""
    kind += recipient == .adNetwork ? "postback" : "developer copy"
    var words = absent ? "no \(kind) from \(user)" : "\(user)'s \(kind)"
    if recipient == .adNetwork { words += " to the ad network" }
    if let adNetworkId { words += recipient == .adNetwork ? " \(adNetworkId)" : " for \(adNetworkId)" }
    if let sequenceIndex { words += ", sequence index \(sequenceIndex)" }
    return words
  }
}
