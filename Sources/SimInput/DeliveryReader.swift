import Foundation
import SimEngine
import SimJSON
import SimModel

/// Reads the scenario settings for delivering postbacks over HTTP: a network's `postbackURL`
/// and the platform's `postbackDelivery` (rulebook §5.3, §7.6).
package enum DeliveryReader {
  package static let deliveryKeys = ["maxAttempts", "retryInterval"]

  /// An absolute http or https URL with a host, such as an ad network's registered endpoint.
  package static func endpoint(_ reader: JSONReader) -> URL? {
    guard let text = reader.string() else { return nil }
    guard let url = URL.httpEndpoint(text) else {
      reader.error(
        "expected an absolute http:// or https:// URL with a host, such as 'https://ads.example.com/postbacks', "
          + "found \(Excerpt.quoted(text))")
      return nil
    }
    return url
  }

  /// `platform.postbackDelivery`: attempts and their spacing, within §5.3's nine attempts over
  /// nine days.
  package static func postbackDelivery(_ reader: JSONReader) -> PostbackDelivery {
    var settings = PostbackDelivery()
    guard let object = reader.object(keys: deliveryKeys) else { return settings }
    let attemptsReader = object.optional("maxAttempts")
    if let attempts = attemptsReader?.integer(in: 1...Int64(PostbackDelivery.attemptLimit)) {
      settings.maxAttempts = Int(attempts)
    }
    let intervalReader = object.optional("retryInterval")
    if let intervalReader, let interval = intervalReader.duration() {
      if interval <= .zero {
        intervalReader.error("expected a duration longer than zero, found \(interval)")
      } else {
        settings.retryInterval = interval
      }
    }
    // Checked on the merged settings: a lone `retryInterval: "2d"` breaks the limit with the
    // default nine attempts.
    let (span, overflow) = settings.retryInterval.milliseconds.multipliedReportingOverflow(by: Int64(settings.maxAttempts - 1))
    if overflow || span > PostbackDelivery.retrySpan.milliseconds {
      let spanText = overflow ? "more than \(PostbackDelivery.retrySpan)" : "\(SimDuration(milliseconds: span))"
      (intervalReader ?? attemptsReader ?? reader).error(
        "the last of \(settings.maxAttempts) attempts \(settings.retryInterval) apart would come \(spanText) after the first; "
          + "devices retry over at most \(PostbackDelivery.retrySpan) (rulebook §5.3): "
          + "shorten retryInterval or lower maxAttempts")
    }
    return settings
  }
}
