/// The AdServices side of one install (rulebook §8): Apple's claim decided at download, the
/// token the app gets at first launch, and the advertiser's server's calls with it.
package struct AdServicesSession {
  /// The interaction Apple attributes the download to; nil when none is in the lookback.
  package var claim: AdServicesClaim?
  /// Download, redownload or pre-order.
  package var conversionType: AdServicesConversionType
  /// The token, once the app has launched.
  package var token: AdServicesToken?
  /// Calls made with the token.
  package var calls = 0
  /// 404 answers in a row: one more than the server's `notFoundRetries` ends the exchange.
  package var notFoundInRow = 0
  /// Retries made after 500 answers.
  package var unavailableRetries = 0
  /// Whether a record with `attribution: true` came back.
  package var attributed = false

  /// Each stored property as given; other targets of the package build it too.
  package init(
    claim: AdServicesClaim? = nil,
    conversionType: AdServicesConversionType,
    token: AdServicesToken? = nil,
    calls: Int = 0,
    notFoundInRow: Int = 0,
    unavailableRetries: Int = 0,
    attributed: Bool = false
  ) {
    self.claim = claim
    self.conversionType = conversionType
    self.token = token
    self.calls = calls
    self.notFoundInRow = notFoundInRow
    self.unavailableRetries = unavailableRetries
    self.attributed = attributed
  }
}
