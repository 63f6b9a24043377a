/// The AdServices side of one install (rulebook §8): Apple's claim decided at download, the
/// token the app gets at first launch, and the advertiser's server's calls with it.
struct AdServicesSession {
  /// The interaction Apple attributes the download to; nil when none is in the lookback.
  var claim: AdServicesClaim?
  /// Download, redownload or pre-order.
  var conversionType: AdServicesConversionType
  /// The token, once the app has launched.
  var token: AdServicesToken?
  /// Calls made with the token.
  var calls = 0
  /// 404 answers in a row: one more than the server's `notFoundRetries` ends the exchange.
  var notFoundInRow = 0
  /// Retries made after 500 answers.
  var unavailableRetries = 0
  /// Whether a record with `attribution: true` came back.
  var attributed = false
}
