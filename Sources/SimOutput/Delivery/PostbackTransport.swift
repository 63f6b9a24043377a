import Foundation

/// Sends one postback over the wire and says how the receiver answered; injected so that the
/// delivery engine can be tested without a network.
public protocol PostbackTransport: Sendable {
  /// POSTs `body` as `application/json` to `url`, waiting at most `timeout` seconds for the
  /// answer. Never throws: a failure is an answer too, and the device retries it.
  func post(_ body: Data, to url: URL, timeout: Double) -> TransportAnswer
}
