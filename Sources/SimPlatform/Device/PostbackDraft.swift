import SimEngine
import SimModel

/// A postback due to be sent, with everything but what its tier decides (rulebook §6, §7.1).
package struct PostbackDraft: Sendable {
  /// When the conversion's install happened: with the user, it names the conversion.
  package var installTime: SimTime
  /// The user's name in outputs.
  package var user: String
  /// Network, campaign and publisher of the impression it reports, as scenario indices.
  package var network: Int, campaign: Int, publisher: Int
  /// `transaction-id`.
  package var transactionId: String
  /// `redownload`.
  package var redownload: Bool
  /// `fidelity-type`.
  package var fidelityType: Int
  /// The non-winning rank (0 = best), or nil for the winner's postback.
  package var runnerUpRank: Int?
  /// `postback-sequence-index`: the window (0 before 4.0 and for non-winning postbacks).
  package var window: Int
  /// The window's fine and coarse values.
  package var fine: Int?
  package var coarse: CoarseValue?
  /// Install country.
  package var country: String
  /// When its window closed; the send delay ran from there.
  package var preparedAt: SimTime
  /// Which of the user's conversions it reports (with the user and `installTime`, it names it).
  package var conversion = 0
  /// Download, redownload or re-engagement.
  package var conversionType: ConversionType = .download

  /// Each stored property as given; other targets of the package build it too.
  package init(
    installTime: SimTime,
    user: String,
    network: Int,
    campaign: Int,
    publisher: Int,
    transactionId: String,
    redownload: Bool,
    fidelityType: Int,
    runnerUpRank: Int? = nil,
    window: Int,
    fine: Int? = nil,
    coarse: CoarseValue? = nil,
    country: String,
    preparedAt: SimTime,
    conversion: Int = 0,
    conversionType: ConversionType = .download
  ) {
    self.installTime = installTime
    self.user = user
    self.network = network
    self.campaign = campaign
    self.publisher = publisher
    self.transactionId = transactionId
    self.redownload = redownload
    self.fidelityType = fidelityType
    self.runnerUpRank = runnerUpRank
    self.window = window
    self.fine = fine
    self.coarse = coarse
    self.country = country
    self.preparedAt = preparedAt
    self.conversion = conversion
    self.conversionType = conversionType
  }
}
