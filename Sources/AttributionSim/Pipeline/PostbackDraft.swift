import SimEngine

/// A postback due to be sent, with everything but what its tier decides (rulebook §6, §7.1).
struct PostbackDraft: Sendable {
  /// When the conversion's install happened: with the user, it names the conversion.
  var installTime: SimTime
  /// The user's name in outputs.
  var user: String
  /// Network, campaign and publisher of the impression it reports, as scenario indices.
  var network: Int, campaign: Int, publisher: Int
  /// `transaction-id`.
  var transactionId: String
  /// `redownload`.
  var redownload: Bool
  /// `fidelity-type`.
  var fidelityType: Int
  /// The non-winning rank (0 = best), or nil for the winner's postback.
  var runnerUpRank: Int?
  /// `postback-sequence-index`: the window (0 before 4.0 and for non-winning postbacks).
  var window: Int
  /// The window's fine and coarse values.
  var fine: Int?
  var coarse: CoarseValue?
  /// Install country.
  var country: String
  /// When its window closed; the send delay ran from there.
  var preparedAt: SimTime
  /// Which of the user's conversions it reports (with the user and `installTime`, it names it).
  var conversion = 0
  /// Download, redownload or re-engagement.
  var conversionType: ConversionType = .download
}
